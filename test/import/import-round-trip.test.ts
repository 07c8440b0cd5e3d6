import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { findings, type ImportRun, importProjects, roundTrip, runImport } from "../support/import-run.js";

/**
 * Every hand-written project of test/fixtures/import/ through the real CLI: import reads it without touching
 * it, writes a registry that builds, and the round trip (build, install into a copy without the native
 * files) differs from the project exactly where the import said it would.
 */
describe("agentc import round trips, one project per assistant and a mixed one", () => {
  for (const name of readdirSync(importProjects).sort()) {
    const project = join(importProjects, name);
    it(`${name}: the project is untouched, the registry builds, every difference is reported and real`, async () => {
      const run = await runImport(project);
      assert.equal(run.status, 0, `${run.stderr}\n${JSON.stringify(run.json.diagnostics, null, 1)}`);
      assert.deepEqual(run.after.tree, run.before.tree);
      assert.deepEqual(run.after.stamps, run.before.stamps);
      assert.deepEqual(findings(run, "AGC127"), []);
      const trip = await roundTrip(project, run);
      assert.equal(trip.build.status, 0, trip.build.stdout);
      assert.equal(trip.install.status, 0, `${trip.install.stdout}${trip.install.stderr}`);
      assert.deepEqual(trip.unreported, [], "differences the import did not report");
      assert.deepEqual(trip.wrongly, [], "reported differences that are none");
    });
  }
});

/** `${NAME}` as core/mcp.json writes a variable. */
const env = (name: string): string => `$${"{"}${name}}`;

/** What each project's registry must say, in the neutral form (docs/core.md). */
const expected: Record<string, { assistants: string[]; files: Record<string, string[]> }> = {
  "claude-code": {
    assistants: ["claude-code"],
    files: {
      "core/rules/claude-md.md": ["trigger: always_on", "## Money\n\nMoney is always integer cents."],
      "core/rules/api.md": ["trigger: glob", "  - src/api/**/*.ts"],
      "core/rules/sql.md": ["trigger: always_on"],
      "core/skills/release-notes/SKILL.md": ["triggers:\n  - user", "argument_hint: <version>", "$ARGUMENTS"],
      "core/skills/release-notes/template.md": ["## Fixed"],
      "core/agents/security-reviewer.md": ["  - grep", "permissions:\n  deny:\n    - edit", "model: opus"],
      "core/commands/fix-issue.md": ["argument_hint: <issue-number>", "#$ARGUMENTS"],
      "core/permissions.json": ['"secrets/**"', '"git push --force"', '"docs.stripe.com"'],
      "core/hooks.json": ['"event": "after_tool"', '"timeout": 30'],
      "core/mcp.json": ['"url": "https://mcp.sentry.dev/mcp"', `"Bearer ${env("SENTRY_TOKEN")}"`],
    },
  },
  cursor: {
    assistants: ["cursor"],
    files: {
      "core/rules/typescript.mdc.md": [],
      "core/rules/typescript.md": [
        "trigger: glob",
        "description: TypeScript conventions",
        "  - src/**/*.tsx",
      ],
      "core/rules/project.md": ["trigger: always_on"],
      "core/rules/accessibility.md": ["trigger: model_decision"],
      "core/rules/changelog.md": ["trigger: manual"],
      "core/rules/cursorrules.md": ["trigger: always_on", "Answer in British English."],
      "core/mcp.json": [`"X-Figma-Token": "${env("FIGMA_TOKEN")}"`],
      "core/hooks.json": ['"command": "./scripts/check-command.sh"', '"exec"'],
    },
  },
  "github-copilot": {
    assistants: ["github-copilot"],
    files: {
      "core/rules/github-copilot-instructions-md.md": ["trigger: always_on", "## Testing"],
      "core/rules/kotlin.md": ["trigger: glob", "android/**/*.kt"],
      "core/rules/review.md": ["trigger: always_on"],
      "core/rules/release.md": ["trigger: model_decision"],
      "core/commands/screen.md": ["src/screens/$ARGUMENTS.tsx"],
      "core/agents/planner.md": ["  - read\n  - grep\n  - glob"],
      "core/mcp.json": [`"Bearer ${env("GITHUB_TOKEN")}"`, '"expo-mcp"'],
    },
  },
  codex: {
    assistants: ["agents-md", "codex"],
    files: {
      "sources/imported/01-AGENTS.md": ["## Style"],
      "core/agents/profiler.md": ["Profile the pipeline"],
      "core/mcp.json": [
        `"WAREHOUSE_TOKEN": "${env("WAREHOUSE_TOKEN")}"`,
        `"Authorization": "Bearer ${env("DOCS_TOKEN")}"`,
        '"timeout": 30',
      ],
      "core/hooks.json": ['"command": "uv run ruff format"'],
    },
  },
  "gemini-cli": {
    assistants: ["gemini-cli"],
    files: {
      "core/commands/new-page.md": ["src/content/docs/$ARGUMENTS.md"],
      "core/agents/link-checker.md": ["  - read\n  - glob\n  - fetch"],
      "core/hooks.json": ['"command": "npx prettier --write ."', '"timeout": 20'],
      "core/permissions.json": ['"rm -rf"', '"npm run build"'],
    },
  },
  windsurf: {
    assistants: ["windsurf"],
    files: {
      "core/rules/go.md": ["trigger: glob", '  - "**/*.go"'],
      "core/rules/oncall.md": ["trigger: manual"],
      "core/rules/perf.md": ["trigger: model_decision"],
      // Windsurf has no placeholder for the text typed after a workflow (arguments_placeholder: null), so
      // the words are the workflow's own and stay as written.
      "core/commands/release.md": ["the version the text typed after the command names"],
      "core/hooks.json": ['"exec"', '"edit"'],
    },
  },
  cline: {
    assistants: ["cline"],
    files: {
      "core/rules/01-stack.md": ["trigger: always_on"],
      "core/rules/02-tests.md": ["trigger: glob", "tests/**/*.php"],
      "core/commands/deploy.md": ["description: Deploy"],
    },
  },
  kiro: {
    assistants: ["kiro"],
    files: {
      "core/rules/product.md": ["trigger: always_on"],
      "core/rules/api.md": ["trigger: glob", "src/main/java/**/api/*.java"],
      "core/rules/incident.md": ["trigger: manual"],
      "core/agents/migrator.md": ["  - edit"],
    },
  },
  junie: {
    assistants: ["junie"],
    files: {
      "core/rules/junie-guidelines-md.md": ["trigger: always_on", "## Tests"],
      "core/agents/api-guard.md": ["apiCheck"],
    },
  },
  opencode: {
    assistants: ["agents-md", "opencode"],
    files: {
      "core/commands/bench.md": ["-- $ARGUMENTS"],
      "core/mcp.json": ['"command": "cargo-mcp"', `"Bearer ${env("GRAFANA_TOKEN")}"`],
    },
  },
  amp: {
    assistants: ["agents-md", "amp"],
    files: {
      "sources/imported/01-AGENTS.md": ["Every money amount is an int64 of cents."],
      "core/skills/db-migrate/SKILL.md": ["description: Writes and checks a Postgres migration"],
      "core/mcp.json": ['"--read-only"', '"url": "https://mcp.sentry.dev/mcp"'],
    },
  },
  crush: {
    assistants: ["agents-md", "crush"],
    files: {
      "core/skills/changelog/SKILL.md": ["description: Writes the CHANGELOG.md entry"],
      "core/commands/bench.md": ["Run the benchmarks of $ARGUMENTS"],
      "core/permissions.json": ['"deny": [\n    {\n      "verb": "fetch"', '"verb": "grep"'],
      "core/mcp.json": ['"command": "go"'],
    },
  },
  droid: {
    assistants: ["agents-md", "droid"],
    files: {
      "core/skills/release-notes/SKILL.md": ["description: Drafts the release notes"],
      "core/agents/migration-reviewer.md": ["  - read", "  - grep"],
      "core/commands/squash.md": ["the app $ARGUMENTS"],
      "core/hooks.json": ['"ruff format"', '"after_tool"'],
      "core/mcp.json": ['"url": "https://mcp.sentry.example.com/mcp"'],
    },
  },
  kilo: {
    assistants: ["agents-md", "kilo"],
    files: {
      "core/rules/dart-style.md": ["trigger: always_on", "Prefer `final` locals."],
      "core/skills/api-client/SKILL.md": ["description: Regenerates the forecast API client"],
      "core/agents/l10n-checker.md": ["description: Checks that every user-facing string"],
      "core/commands/screenshot-test.md": ["the screen $ARGUMENTS in test/goldens/"],
      "core/permissions.json": ['"flutter test"', '"git push"'],
      "core/mcp.json": ['"url": "https://mcp.figma.example.com/mcp"'],
    },
  },
  pi: {
    assistants: ["agents-md", "pi"],
    files: {
      "sources/imported/01-AGENTS.md": ["Amounts are integer cents, never floats."],
      "core/skills/release-check/SKILL.md": ["description: Checks that a release is ready"],
      "core/commands/new-command.md": ["argument_hint: <name>", "Add the command $ARGUMENTS"],
    },
  },
  continue: {
    assistants: ["continue"],
    files: {
      // Continue reads its own folder alone: its rules are a source only its adapter writes
      "sources.json": ['"name": "imported-continue"', '"adapters": [\n        "continue"\n      ]'],
      "sources/imported/01-continue-rules-00-always-on.md": [],
      "sources/imported-continue/01-continue-rules-00-always-on.md": ["# Elixir service"],
      "sources/imported-continue/scoped/01-continue-rules-ecto.md": [
        "scope: scoped",
        "lib/**/*.ex",
        "description: Ecto query",
      ],
    },
  },
  "qwen-code": {
    assistants: ["agents-md", "qwen-code"],
    files: {
      "core/rules/vue.md": ["trigger: glob", "src/**/*.vue", "description: Vue single-file"],
      "core/skills/component-docs/SKILL.md": ["description: Writes the docs page of a Vue component"],
      "core/agents/a11y-reviewer.md": ["  - read", "  - grep"],
      "core/commands/story.md": ["Add a Storybook story for $ARGUMENTS"],
      "core/permissions.json": ['".env"', '"rm -rf"', '"npm run lint"'],
      "core/mcp.json": ['"url": "https://mcp.figma.example.com/mcp"', `"Bearer ${env("FIGMA_TOKEN")}"`],
    },
  },
  augment: {
    assistants: ["agents-md", "augment"],
    files: {
      "core/rules/migrations.md": ["trigger: model_decision", "description: Writing database migrations"],
      "core/skills/seed-data/SKILL.md": ["description: Refreshes db/seeds.rb from the fixtures"],
      "core/agents/n-plus-one.md": ["  - read", "  - grep"],
      "core/commands/migration.md": ["a reversible migration that $ARGUMENTS"],
      "core/hooks.json": ['"bundle exec rubocop -a"', '"after_tool"'],
      "core/permissions.json": ['"rm -rf"', '"git push"', '"bundle exec rspec"'],
      "core/mcp.json": ['"url": "https://mcp.sentry.example.com/mcp"'],
    },
  },
  "amazon-q": {
    assistants: ["amazon-q"],
    files: {
      "sources.json": ['"path": "sources/imported-amazon-q"', '"adapters": [\n        "amazon-q"\n      ]'],
      "sources/imported-amazon-q/01-amazonq-rules-00-always-on.md": ["## Logging"],
      "sources/imported-amazon-q/02-amazonq-rules-security.md": ["# Security"],
      "native.json": ['"path": ".amazonq/rules/security.md"'],
    },
  },
  antigravity: {
    assistants: ["antigravity"],
    files: {
      "core/rules/api.md": ["trigger: glob", "  - src/ledger/api/**/*.py"],
      "core/rules/migrations.md": ["trigger: model_decision", "description: Writing Alembic migrations"],
      "core/rules/style.md": ["trigger: always_on"],
      "core/commands/release.md": ["description: Cuts a release"],
      "core/agents/schema-checker.md": ["alembic check"],
      "core/mcp.json": ['"url": "https://tickets.example.com/mcp"', '"postgres-mcp"'],
    },
  },
  zed: {
    assistants: ["zed"],
    files: {
      "core/rules/rules.md": ["trigger: always_on", "## Tests"],
      "core/mcp.json": ['"crates-mcp"', '"url": "https://docs.example.com/mcp"'],
    },
  },
  goose: {
    assistants: ["goose"],
    files: {
      "core/rules/goosehints.md": ["trigger: always_on", "Use `pnpm`, never `npm`."],
    },
  },
  "gitlab-duo": {
    assistants: ["gitlab-duo"],
    files: {
      "core/rules/gitlab-duo-chat-rules-md.md": ["trigger: always_on", "never log and return the same error"],
      "core/skills/runner-logs/SKILL.md": ["glab ci trace"],
      "core/commands/triage.md": ["description: Triages the newest failed pipeline"],
      "core/hooks.json": ['"event": "session_start"', '"command": "cat docs/oncall.md"'],
      "core/mcp.json": ['"url": "https://runners.example.com/mcp"', '"sqlite-mcp"'],
    },
  },
  "mixed-copies": {
    assistants: [
      "agents-md",
      "claude-code",
      "codex",
      "cursor",
      "gemini-cli",
      "github-copilot",
      "kiro",
      "windsurf",
    ],
    files: {
      "sources/imported/01-AGENTS.md": [
        "# AGENTS.md\n\nThis is the backend of the Kestrel shop",
        "## Conventions",
      ],
      "core/rules/claude-md.md": ["clients:\n  - claude-code", "## Working with Claude"],
      "core/rules/gemini-md.md": [],
      "sources/imported/02-CLAUDE.md": [],
      "sources/imported/03-GEMINI.md": [],
      "core/rules/django-views.md": ["trigger: glob", "description: Django view conventions"],
      "core/commands/new-migration.md": ["argument_hint: <app> <name>", "makemigrations $ARGUMENTS"],
      "core/hooks.json": ['"command": "ruff format --quiet ."'],
      "core/mcp.json": ['"postgres"', '"url": "https://mcp.sentry.dev/mcp"'],
    },
  },
  mixed: {
    // .agents/skills is read by Cline, Codex and Gemini CLI alike, and nothing else of theirs is there.
    assistants: ["agents-md", "claude-code", "cursor", "github-copilot"],
    files: {
      "sources/imported/01-AGENTS.md": ["Money is always integer cents."],
      "core/rules/claude-md.md": ["clients:\n  - claude-code", "## Claude only"],
      "core/rules/github-copilot-instructions-md.md": ["clients:\n  - github-copilot", "## Reviews"],
      "core/rules/testing.md": ["trigger: glob"],
      "core/skills/deploy-cursor/SKILL.md": ["production"],
    },
  },
};

describe("agentc import writes the neutral form of each assistant's files", () => {
  for (const [name, want] of Object.entries(expected)) {
    it(`${name}: the assistants found and the files written`, async () => {
      const run = await runImport(join(importProjects, name));
      assert.deepEqual(run.json.assistants, want.assistants);
      for (const [path, parts] of Object.entries(want.files)) {
        if (parts.length === 0) {
          assert.ok(!run.json.files.includes(path), `${path} should not be written`);
          continue;
        }
        const text = readFileSync(join(run.out, path), "utf8");
        for (const part of parts)
          assert.ok(text.includes(part), `${path} lacks ${JSON.stringify(part)}:\n${text}`);
      }
    });
  }
});

describe("agentc import of files copied between assistants", () => {
  const project = join(importProjects, "mixed-copies");
  let run: ImportRun;
  before(async () => {
    run = await runImport(project);
  });
  const messages = (file: string) =>
    run.json.diagnostics.filter((d) => d.file === file).map((d) => d.message);

  it("a GEMINI.md that copies AGENTS.md, heading-less top included, adds no rule of its own", () => {
    assert.ok(!run.json.files.some((f) => f.includes("GEMINI")), run.json.files.join("\n"));
    assert.deepEqual(
      messages("GEMINI.md").filter((m) => m.includes("no heading")),
      [],
      "the top of GEMINI.md was not imported, so nothing is imported under a heading of its name",
    );
    assert.ok(messages("AGENTS.md").some((m) => m.includes('imported under "# AGENTS.md"')));
  });

  it("composes the project's own values back; names what it left out; a rule file written back as it was has nothing to report", () => {
    assert.ok(
      !messages(".cursor/rules/django-views.mdc").some((m) => m.includes("another")),
      messages(".cursor/rules/django-views.mdc").join("\n"),
    );
    const settings = messages(".claude/settings.json");
    // while core/ is as imported, the build composes the project's own hook (native.json): nothing differs
    assert.ok(
      settings.some((m) => m.includes("is composed with the same values")),
      settings.join("\n"),
    );
    assert.ok(
      settings.some((m) => m.includes('names the tool "MultiEdit", which no neutral verb stands for')),
    );
    assert.ok(!settings.some((m) => m.includes("$schema")), "a JSON schema pointer is no setting to report");
  });

  it("keeps AGENTS.md's sections first when --from names another assistant before it", async () => {
    const narrowed = await runImport(project, "--from", "claude-code,cursor");
    const sources = narrowed.json.files.filter((f) => f.startsWith("sources/imported/"));
    assert.deepEqual(sources, ["sources/imported/01-AGENTS.md"]);
    assert.ok(narrowed.json.files.includes("core/rules/claude-md.md"), "CLAUDE.md is Claude Code's own rule");
    assert.ok(
      readFileSync(join(narrowed.out, sources[0] ?? ""), "utf8").startsWith(
        "# AGENTS.md\n\nThis is the backend",
      ),
    );
  });

  it("lists the files the install writes again, and only those (settings files are composed into)", () => {
    const rewritten = run.json.rewritten;
    assert.ok(
      rewritten.includes("AGENTS.md") && rewritten.includes(".cursor/rules/celery.mdc"),
      rewritten.join("\n"),
    );
    assert.ok(!rewritten.includes(".claude/settings.json") && !rewritten.includes(".mcp.json"));
    assert.ok(
      rewritten.includes(".github/copilot-instructions.md"),
      "Copilot's own file, written back as it was",
    );
    assert.ok(rewritten.every((path) => run.json.read.includes(path)));
  });
});
