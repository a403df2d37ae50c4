import validator from 'validator';

/**
 * The mailbox an e-mail address delivers to, as limits count it (issue 23): five plus-tags of one
 * mailbox once took all five seats of a free event. Case is ignored; a `+tag` is dropped whatever
 * the provider (nearly every provider delivers a+x@ to a@, and a real '+' in a mailbox name is
 * vanishingly rare, so counting it as one person is the safe side); the providers whose rules
 * validator knows also lose what they ignore (Gmail's dots and googlemail.com, Yahoo's '-tag').
 *
 * Only limits use it (the per-e-mail registration limit, the per-recipient mail cap): the
 * address stored and written to is always the one the person typed.
 */
export function mailboxOf(address: string): string {
  const typed = address.trim().toLowerCase();
  if (typed.lastIndexOf('@') <= 0) return typed;
  const normalised = validator.normalizeEmail(typed, {
    all_lowercase: true,
    gmail_remove_dots: true,
    gmail_remove_subaddress: true,
    gmail_convert_googlemaildotcom: true,
    outlookdotcom_remove_subaddress: true,
    yahoo_remove_subaddress: true,
    icloud_remove_subaddress: true,
  });
  const mailbox = normalised === false ? typed : normalised;
  const at = mailbox.lastIndexOf('@');
  if (at <= 0) return mailbox;
  const local = mailbox.slice(0, at);
  const plus = local.indexOf('+');
  // '+tag' alone is not a mailbox: keep such an address as it is.
  return plus > 0 ? `${local.slice(0, plus)}${mailbox.slice(at)}` : mailbox;
}
