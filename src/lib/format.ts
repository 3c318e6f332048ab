/** Danish display formats shared by the content pages and the booking form. */

/** A duration: minutes below 90 minutes, otherwise whole hours (rounded) with 'timer'. */
export function formatDuration(minutes: number): string {
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return `${hours} timer`;
}

const dkk = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 });

/** A price in whole Danish kroner, e.g. 1800 -> '1.800 kr.' */
export function formatPrice(kroner: number): string {
  return `${dkk.format(kroner)} kr.`;
}
