import { clientFixture, coreRule } from "../../diagnostics/client-fixture.js";
import type { EmittedFile } from "../../emit/emitted-tree.js";
import type { Registry } from "../../registry/model.js";
import { maskFencedCode } from "../../shared/markdown-code.js";
import type { OutputCheck } from "../check.js";
import { clientFiles, emittedAt, sourceFileOf } from "./emitted-files.js";

/** Upper-case keywords that make a sentence a rule (RFC 2119 style), longest first so "MUST NOT" wins. */
export const normativeKeywords = [
  "MUST NOT",
  "SHALL NOT",
  "MUST",
  "SHALL",
  "NEVER",
  "ALWAYS",
  "REQUIRED",
  "SHOULD",
] as const;

/** Made on the first comment: its Unicode property classes are parsed when it is created. */
let keywordPattern: RegExp | undefined;
const normativePattern = (): RegExp =>
  (keywordPattern ??= new RegExp(
    `(?<![\\p{L}\\p{N}_-])(${normativeKeywords.map((k) => k.replace(" ", "[ \\t]+")).join("|")})(?![\\p{L}\\p{N}_-])`,
    "gu",
  ));

/** Emitted files a client reads as instructions: its root file and rule files, and whatever it always loads. */
const instructionKinds = new Set(["root", "rule"]);

export const htmlCommentWithoutNormativeWords: OutputCheck = {
  id: "AGC091",
  slug: "html-comment-without-normative-words",
  stage: "output",
  severity: "warning",
  title: "HTML comments in emitted rule files hold no normative keywords",
  description:
    "Clients strip HTML comments before the text reaches the model. A sentence with MUST, SHALL, NEVER, ALWAYS, REQUIRED or SHOULD inside a comment is a rule that reaches no one. The check reads the emitted root instruction and rule files (keywords in upper case, whole words; fenced code is skipped) and names the source rule when it knows it.",
  hint: "Move the sentence out of the comment into the rule's text, or reword the comment as a note (origin, purpose) without normative keywords.",
  get examples() {
    return {
      passing: clientFixture({
        "core/rules/style.md": coreRule("always_on", [
          "<!-- Origin: the team handbook. -->",
          "Keep functions short.",
        ]),
      }),
      failing: clientFixture({
        "core/rules/style.md": coreRule("always_on", [
          "<!-- You MUST NOT push to main. -->",
          "Keep functions short.",
        ]),
      }),
      expected: [
        "<build>/.example/rules/style.md:5:10: warning AGC091 An HTML comment in .example/rules/style.md (example-client) holds MUST NOT; the client never sees comments; from core/rules/style.md:7",
      ],
    };
  },
  *run(registry, tree) {
    for (const { file, origin, kind } of clientFiles(registry, tree.files)) {
      if (!instructionKinds.has(kind) && !origin.alwaysLoaded) continue;
      for (const hit of commentKeywords(file.bytes.toString("utf8"))) {
        yield {
          position: emittedAt(file, hit.line, hit.column),
          message: `An HTML comment in ${file.path} (${origin.client}) holds ${hit.keywords.join(", ")}; the client never sees comments${fromSource(registry, file, hit.text)}`,
        };
      }
    }
  },
};

export interface CommentHit {
  /** 1-based line and column of the first keyword. */
  line: number;
  column: number;
  keywords: string[];
  /** The line of the first keyword, as written. */
  text: string;
}

/** One hit per HTML comment outside fenced code that holds normative keywords. */
export function commentKeywords(text: string): CommentHit[] {
  const masked = maskFencedCode(text);
  const lines = text.split("\n");
  const hits: CommentHit[] = [];
  for (const comment of masked.matchAll(/<!--[\s\S]*?-->/g)) {
    const start = comment.index ?? 0;
    const found = [...comment[0].matchAll(normativePattern())];
    const first = found[0];
    if (!first) continue;
    const offset = start + (first.index ?? 0);
    const before = text.slice(0, offset).split("\n");
    const line = before.length;
    const keywords = [...new Set(found.map((m) => (m[1] ?? "").replace(/[ \t]+/, " ")))];
    hits.push({ line, column: (before.at(-1) ?? "").length + 1, keywords, text: lines[line - 1] ?? "" });
  }
  return hits;
}

/** ": from core/rules/x.md:12" when the comment's line is in the source, ": from core/rules/x.md" when only the file is known. */
function fromSource(registry: Registry, file: EmittedFile, line: string): string {
  const source = sourceFileOf(registry, file);
  if (!source) return "";
  const origin = file.client;
  const rule = origin?.kind === "rule" ? registry.core.rules.find((r) => r.name === origin.name) : undefined;
  const index = rule && line.trim() !== "" ? rule.body.split("\n").indexOf(line) : -1;
  return rule && index >= 0 ? `; from ${source}:${rule.bodyLine + index}` : `; from ${source}`;
}
