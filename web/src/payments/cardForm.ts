/** Types shared by the payment step and its two card forms (kept apart so the lazy Stripe form imports no page). */

/** Who pays: the registration's name, e-mail and ticket type. */
export interface Payer {
  name: string;
  email: string;
  ticketType: string;
}

/** What every card form takes from the payment step. */
export interface CardFormProps {
  amount: number;
  onSucceeded: (paymentIntentId: string) => void;
  onDeclined: () => void;
  onCancel: () => void;
}
