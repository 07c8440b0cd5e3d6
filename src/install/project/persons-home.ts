import { homedir } from "node:os";

/** The person's home folder, whose settings can change what an assistant reads from the project. */
export function personsHome(req: { home?: string | undefined }): string {
  return req.home ?? homedir();
}
