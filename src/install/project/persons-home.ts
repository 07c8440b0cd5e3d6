import { homedir } from "node:os";
import type { InstallRequest } from "../install-types.js";

/** The person's home folder, whose settings can change what an assistant reads from the project. */
export function personsHome(req: Pick<InstallRequest, "home">): string {
  return req.home ?? homedir();
}
