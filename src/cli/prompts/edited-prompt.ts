import type { EditedChoice, EditedFile } from "../../install/index.js";
import { lineDiff } from "../report/line-diff.js";

/**
 * Asks on a terminal, file by file as dpkg does for conffiles, what to do with an owned file the person
 * edited that the new build changes: keep theirs (the new one written beside it as .agentc-new), take the new
 * one (theirs saved as .agentc-old), or see the diff first. Cancelling keeps theirs.
 */
export async function promptEdited(files: EditedFile[]): Promise<Map<string, EditedChoice>> {
  const { isCancel, log, select } = await import("@clack/prompts");
  const answers = new Map<string, EditedChoice>();
  for (const file of files) {
    for (;;) {
      const answer = await select({
        message: `${file.path} was edited by you, and the new build changes it. What now?`,
        options: [
          {
            value: "beside",
            label: "keep mine",
            hint: `the new version is written beside it as ${file.path}.agentc-new`,
          },
          { value: "take-new", label: "take the new one", hint: `yours is saved as ${file.path}.agentc-old` },
          { value: "diff", label: "show the diff" },
        ],
        initialValue: "beside",
      });
      if (isCancel(answer)) return answers;
      if (answer !== "diff") {
        answers.set(file.path, answer as EditedChoice);
        break;
      }
      const diff = lineDiff(file.mine.toString("utf8"), file.theirs.toString("utf8"));
      log.message(
        diff
          ? [`--- ${file.path} (yours)`, `+++ ${file.path} (the new build)`, ...diff].join("\n")
          : `${file.path} is too long to compare here`,
      );
    }
  }
  return answers;
}
