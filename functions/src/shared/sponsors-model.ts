/** Sponsors of the public "Our Supporters" strip, without zod. */
export interface Sponsor {
  id: string;
  name: string;
  logo: string;
  createdAt: string;
}
