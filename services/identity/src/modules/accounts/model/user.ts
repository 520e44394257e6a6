export interface User {
  id: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
  createdAt: Date;
}
