/**
 * A press on the booking form's service field before the form has hydrated (its code loads when
 * the form nears the viewport or on the first interaction, see deferred-booking-form.tsx). The
 * prerendered field is enabled (the services come from the build's site data), so a visitor may
 * tap it at once; this inline script, in the page before the form, notes such a press, and the
 * form opens its list when it has hydrated (takeEarlyPress). A press is what Radix Select opens
 * on: a mouse's primary button down, a tap (the click a touch or pen gives), or Enter, Space or
 * an arrow key on the focused field. Replayed clicks (untrusted) are not presses.
 */
export const EARLY_PRESS_SCRIPT = `(function(){
var w=window;w.__bookingPress=0;
function note(e){
if(w.__bookingFormHydrated)return;
var t=e.target&&e.target.closest&&e.target.closest("#booking-service");
if(!t||t.disabled||!e.isTrusted)return;
if(e.type==="pointerdown"&&(e.pointerType!=="mouse"||e.button!==0))return;
if(e.type==="click"&&e.pointerType==="mouse")return;
if(e.type==="keydown"&&!/^(Enter| |ArrowDown|ArrowUp)$/.test(e.key))return;
if(e.type==="keydown")e.preventDefault();
w.__bookingPress=performance.now();
}
["pointerdown","click","keydown"].forEach(function(t){addEventListener(t,note,true)});
})();`.replace(/\n/g, '');

interface EarlyPressWindow {
  __bookingPress?: number;
  __bookingFormHydrated?: boolean;
}

/**
 * Called once the form has hydrated: from now on React handles the field. True when the visitor
 * pressed the field before (the list is then opened for them).
 */
export function takeEarlyPress(): boolean {
  if (typeof window === 'undefined') return false;
  const w = window as EarlyPressWindow;
  w.__bookingFormHydrated = true;
  const pressed = Boolean(w.__bookingPress);
  w.__bookingPress = 0;
  return pressed;
}
