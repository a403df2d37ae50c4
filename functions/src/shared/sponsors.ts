export interface Sponsor {
  id: string;
  name: string;
  logo: string;
  createdAt: string;
}
