/** Placeholder until the booking-form issue lands: the form itself is built in that issue. */
export function BookingForm() {
  return (
    <div>
      <h2 className="text-2xl font-bold">Book din tid</h2>
    </div>
  );
}
