/**
 * The booking form before it has hydrated. The form's code loads when the form nears the
 * viewport or on the first interaction (deferred-booking-form.tsx), but its prerendered HTML is
 * usable at once: the service field is enabled (the services come from the build's site data)
 * and the fields take text. This inline script, in the page before the form, answers what it can
 * at once and notes the rest; the form takes over once it has hydrated (takeEarlyPresses):
 * - a press on the service field (a mouse's primary button down; a tap as soon as the finger or
 *   pen lifts: its pointerup, not the click that follows, which the browser dispatches as a
 *   separate event that would wait for any task started in between; or Enter, Space or an arrow
 *   key on the focused field) opens a list of the services at once, drawn like the Radix list the form shows after
 *   hydration (same classes; options from the field's `data-early-options`), with the same
 *   keys (arrows, Home, End, Enter, Space, Escape) and clicks; a choice shows in the field. When
 *   the form hydrates, the choice is made in the form and an open list is reopened as the form's
 *   (service-field.tsx: the same element ids, classes and check mark);
 * - a tap on the disabled "Book tid" (its overlay) or Enter in one of the form's text fields
 *   while service, date or time is missing is answered with the "Manglende oplysninger" toast
 *   once the form has hydrated.
 * Replayed (untrusted) events are not presses. After a tap has opened the list, the tap's
 * compatibility mousedown on the field is prevented (as the form's field does), so the focus stays
 * on the list's option. The form takes over between presses, never within one (takeEarlyPresses).
 *
 * The field's own events (press, touch, mouse, keys) stop at the window while this script answers
 * them: React hydrates a Suspense boundary synchronously, inside the event, when a discrete event
 * (pointerdown, touchstart, click, keydown...) targets it while it is still dehydrated and its code
 * has loaded (react-dom's dispatchEvent: about 200 ms under a 4x slower CPU), so the early list
 * would wait for the whole form's hydration. The form hydrates in React's own time instead and
 * takes the presses over (takeEarlyPresses). Listeners on the window itself (the boot, the
 * form's load trigger) still see them.
 */
export const EARLY_PRESS_SCRIPT = `(function(){
var w=window,d=document,early=w.__bookingEarly={},list=null,up=0,held=0,waiting=null,CHECK='<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-check size-4" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>';
function trig(){return d.getElementById("booking-service")}
function opts(){return list?[].slice.call(list.querySelectorAll("[role=option]")):[]}
function el(tag,cls,text){var e=d.createElement(tag);if(cls)e.className=cls;if(text)e.textContent=text;return e}
function open(t){
var data;try{data=JSON.parse(t.parentNode.getAttribute("data-early-options")||"[]")}catch(x){data=[]}
if(!data.length)return;
var r=t.getBoundingClientRect();
list=el("div","z-50 max-h-96 min-w-32 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none");
list.setAttribute("data-early-list","");
list.style.cssText="position:absolute;left:"+(r.left+scrollX)+"px;top:"+(r.bottom+scrollY+4)+"px;width:"+r.width+"px";
var box=list;box.setAttribute("role","listbox");box.id="booking-service-list";box.setAttribute("aria-labelledby","booking-service-label");box.tabIndex=-1;
data.forEach(function(o){
var sel=o[0]===early.pick||(!early.pick&&o[0]===t.getAttribute("data-value"));
var op=el("div","relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none focus:bg-accent focus:text-accent-foreground");
op.setAttribute("role","option");op.setAttribute("aria-selected",sel?"true":"false");op.tabIndex=-1;op.setAttribute("data-value",o[0]);
var ind=el("span","absolute left-2 flex size-3.5 items-center justify-center");if(sel)ind.innerHTML=CHECK;
var nm=el("span","",o[1]);nm.id="booking-service-option-"+o[0];op.setAttribute("aria-labelledby",nm.id);
var as=el("span","ml-auto pl-3 text-muted-foreground");as.appendChild(el("span","sr-only",", "));as.appendChild(d.createTextNode(o[2]));
op.appendChild(ind);op.appendChild(nm);op.appendChild(as);box.appendChild(op);
});
d.body.appendChild(list);
t.setAttribute("aria-expanded","true");t.setAttribute("aria-controls",box.id);
var all=opts(),f=all.filter(function(o){return o.getAttribute("aria-selected")==="true"})[0]||all[0];
f.focus();
}
function close(focus){
if(!list)return;list.remove();list=null;var t=trig();
if(t){t.setAttribute("aria-expanded","false");t.removeAttribute("aria-controls");if(focus)t.focus()}
}
function choose(o){
var t=trig();early.pick=o.getAttribute("data-value");
if(t){var v=t.querySelector("span");if(v)v.textContent=o.querySelector("[id]").textContent;t.removeAttribute("data-placeholder")}
close(true);
}
function take(answer){
if(held){waiting=answer;return}
w.__bookingFormHydrated=true;
var a=list&&list.contains(d.activeElement)?d.activeElement.getAttribute("data-value"):undefined;
var r={open:!!list,active:a,pick:early.pick,tab:early.tab,missing:early.missing};close(false);answer(r);
}
function release(){held=0;var a=waiting;waiting=null;if(a)setTimeout(function(){take(a)},0)}
function note(e){
if(w.__bookingFormHydrated||!e.isTrusted||!e.target||!e.target.closest)return;
var t=e.target,k=e.type,f=t.closest("#booking-service");
if(k==="click"||k==="pointercancel"||held===2&&(k==="pointerdown"||k==="touchstart"||k==="keydown"))release();
if(k==="pointerdown"&&(f||list&&list.contains(t)))held=1;
else if(k==="pointerup"&&held===1)held=2;
if(list&&list.contains(t)){
var o=t.closest("[role=option]");
if(k==="click"&&o)choose(o);
else if(k==="pointermove"&&o&&d.activeElement!==o)o.focus();
else if(k==="keydown"){
var all=opts(),i=all.indexOf(d.activeElement),key=e.key;
if(key==="ArrowDown"||key==="ArrowUp"||key==="Home"||key==="End"){e.preventDefault();
i=key==="Home"?0:key==="End"?all.length-1:key==="ArrowDown"?Math.min(i+1,all.length-1):Math.max(i-1,0);all[i].focus()}
else if((key==="Enter"||key===" ")&&i>=0){e.preventDefault();choose(all[i])}
else if(key==="Escape"||key==="Tab"){e.preventDefault();close(true)}
}
return;
}
if(k==="pointerdown")up=0;
if(f){
if(f.disabled)return;
e.stopPropagation();if(k==="mousedown"&&up)e.preventDefault();if(k.charAt(0)==="t"||k.charAt(0)==="m")return;
if(k==="keydown"&&e.key==="Tab"&&!e.shiftKey&&early.pick){e.preventDefault();early.tab=1;return}
if(k==="pointerdown"&&(e.pointerType!=="mouse"||e.button!==0))return;
if(k==="pointerup"){if(e.pointerType==="mouse")return;up=1}
if(k==="click"&&(e.pointerType==="mouse"||up)){up=0;return}
if(k==="pointermove")return;
if(k==="keydown"){if(!/^(Enter| |ArrowDown|ArrowUp)$/.test(e.key))return;e.preventDefault()}
if(k==="pointerdown")e.preventDefault();
if(list)close(true);else open(f);
}else if(k==="pointerdown"&&list){close(false)}
else if(k==="click"&&t.closest("[data-early-missing]")){early.missing=1}
else if(k==="keydown"&&e.key==="Enter"&&t.tagName==="INPUT"&&t.form&&t.form.closest("#form")&&t.form.querySelector("[data-early-missing]")){early.missing=1}
}
["pointerdown","pointermove","pointerup","pointercancel","click","keydown","touchstart","touchend","mousedown","mouseup"].forEach(function(k){addEventListener(k,note,true)});
w.__bookingEarlyTake=take;
})();`.replace(/\n/g, '');

export interface EarlyPresses {
  /** The early list was open: the form opens its own. */
  open?: boolean;
  /** The option that had the focus in the open early list. */
  active?: string;
  /** The service chosen in the early list. */
  pick?: string;
  /** Tab on the field after that choice: the date, enabled once the form has hydrated, is next. */
  tab?: 1;
  /** "Book tid" tapped or Enter pressed in a field while something was missing. */
  missing?: 1;
}

interface EarlyPressWindow {
  __bookingEarlyTake?: (answer: (early: EarlyPresses) => void) => void;
  __bookingFormHydrated?: boolean;
}

/**
 * Called once the form has hydrated: from now on React answers. `answer` gets what the visitor
 * did before (an open early list is closed; the form reopens its own). Never in the middle of a
 * press that the early script is answering: from a pointer's press on the field or its list to
 * its click (a mouse's click comes in the pointerup's task; a tap's after it), or its cancel, or
 * the next touch, press or key when a lifted touch was no tap. Handed over between its pointerdown and
 * its click, the press was lost or doubled: the click of an option pressed in the early list
 * went to the page (the option it was pressed on had gone), and the click of a press that opened
 * the early list closed the form's list again. Until then the early script answers.
 */
export function takeEarlyPresses(answer: (early: EarlyPresses) => void): void {
  if (typeof window === 'undefined') return;
  const w = window as EarlyPressWindow;
  if (w.__bookingEarlyTake) w.__bookingEarlyTake(answer);
  else {
    w.__bookingFormHydrated = true;
    answer({});
  }
}
