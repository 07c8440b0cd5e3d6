import type { Manifest } from "../manifest/manifest-model.js";
import type { BundleSignatures } from "../packaging/signature/bundle-signature.js";
import type { ProjectWriter } from "./apply/fs-ops.js";
import type { RunResult } from "./apply/run-result.js";
import type { LoadedBundle } from "./bundle/local-bundle.js";
import type { ManifestRead } from "./bundle/read-manifest.js";
import type { SignatureReport, SignerPolicy } from "./bundle/signature-trust.js";
import type { CapabilityUnit } from "./capability/capability-unit.js";
import type { RequirementOutcome } from "./capability/requirement-consent.js";
import type { RequirementCheck } from "./capability/runtime-requirements.js";
import type { ScaffoldStep } from "./capability/soul-scaffold.js";
import type { HookToRun, SpawnPlan } from "./capability/spawn-plan.js";
import type { SpawnReport } from "./capability/spawn-report.js";
import type { LinkOutcome } from "./model/link-outcome.js";
import type { Plan } from "./model/plan-model.js";
import type { InstallRecord, RequirementDecision } from "./model/record.js";
import type { SourceRecord } from "./model/source-record.js";
import type { ComponentChoice } from "./plan/components.js";
import type { EditedChoice } from "./plan/plan-context.js";
import type { ProjectState } from "./project/project-state.js";
import type { RosterReport } from "./project/roster-check.js";
import type { ToolStatus } from "./project/tools-check.js";

export interface InstallRequest {
  bundleDir: string;
  projectDir: string;
  choice: ComponentChoice;
  /** interactive selection, given the preselected ids; undefined when cancelled */
  choose?: (manifest: Manifest, preselected: string[]) => Promise<string[] | undefined>;
  moveAside: boolean;
  /**
   * take over a person's file (or settings value) that still holds what the registry was imported from, where
   * the build now writes another form (--take-imported: the bundle's imported_hashes are its word alone)
   */
  takeImported?: boolean;
  /** install a bundle whose registry_version is older than the installed one (--allow-downgrade) */
  allowDowngrade?: boolean;
  /** an owned file the person edited that the new build changes (--take-new, --keep-mine; a terminal asks) */
  edited?: (path: string) => EditedChoice;
  /** asks on a terminal, file by file, what to do with the edited files the new build changes */
  askEdited?: (files: EditedFile[]) => Promise<Map<string, EditedChoice>>;
  dryRun: boolean;
  onProgress?: (done: number, total: number) => void;
  /** capability hooks may run (--allow-hooks); without it, `confirmHooks` may ask */
  allowHooks?: boolean;
  /** asks on a terminal whether the listed spawn hooks may run */
  confirmHooks?: (hooks: HookToRun[]) => Promise<boolean>;
  hookTimeoutMs?: number;
  /** runtime packages (seed 004) accepted without a prompt (--accept-requirement) */
  acceptRequirements?: string[];
  /** asks on a terminal whether a missing runtime package may be installed */
  confirmRequirement?: (check: RequirementCheck) => Promise<boolean>;
  /** where the bundle came from, recorded for agentc update (undefined: a folder or zip on this machine) */
  source?: SourceRecord | undefined;
  /** the bundle's signatures over manifest.json, as its source found them (undefined: none looked for) */
  signatures?: BundleSignatures | undefined;
  /** what the person said about signatures: --signer, --require-signature, --allow-unsigned */
  signerPolicy?: SignerPolicy;
  /** the writer the run changes the project through; by default a new one (pass one to see what it changed) */
  writer?: ProjectWriter;
  /** the person's home folder, whose settings can change what an assistant reads (default: the user's) */
  home?: string;
  /** "user": install into the person's home folder (HOME) by the clients' user levels; projectDir is not read */
  scope?: "project" | "user";
}

/** An owned file the person edited, with their bytes and the new build's. */
export interface EditedFile {
  path: string;
  mine: Buffer;
  theirs: Buffer;
}

export interface InstallResult extends RunResult {
  components: string[];
  /** how each link of the plan was placed: the link, or the fallback written where links were refused */
  placed?: Record<string, LinkOutcome["kind"]>;
  tools: ToolStatus[];
  roster?: RosterReport;
  /** the chosen capabilities' runtime packages: present, installed with consent, declined, or to do by hand */
  requirements?: RequirementOutcome[];
  /** the bundle's signature as checked, and what becomes of the recorded signer */
  signature?: SignatureReport;
}

/** What an install knows before it plans: the request, the bundle read and checked, the components chosen. */
export interface PreparedInstall {
  req: InstallRequest;
  root: string;
  read: Extract<ManifestRead, { ok: true }>;
  /** the install record as it was when the run started */
  record: InstallRecord | undefined;
  bundle: Extract<LoadedBundle, { ok: true }>;
  units: CapabilityUnit[];
  /** filled with the capability hooks the run plans, runs or retires */
  reports: SpawnReport[];
  /** the result every outcome starts from */
  context: InstallResult;
  timeoutMs: number;
  /** capability spawn and soul-scaffold hooks may run */
  allowed: boolean;
  /** the agent instances this install creates whose capability has a soul-scaffold hook (before anything is written) */
  scaffolds: ScaffoldStep[];
  /** the chosen capabilities' runtime packages as checked and decided, before anything is installed */
  needed: { outcomes: RequirementOutcome[]; decisions: RequirementDecision[] };
}

/** One plan of the install: from the record and the project as they are at that moment. */
export interface PlannedInstall {
  record: InstallRecord | undefined;
  spawns: SpawnPlan;
  state: ProjectState;
  plan: Plan;
}
