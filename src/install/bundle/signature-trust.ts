import type { BundleSignatures } from "../../packaging/signature/bundle-signature.js";
import type { SignerKeys } from "../../packaging/signature/signer-file.js";
import type { SshPublicKey } from "../../packaging/signature/ssh-public-key.js";
import { verifySshSignature } from "../../packaging/signature/sshsig.js";
import type { SignerRecord } from "../model/signer-record.js";

/** What the person said about signatures on the command line. */
export interface SignerPolicy {
  /** --signer FILE: only these keys may have signed; the one that did is recorded (replacing the recorded one) */
  signers?: SignerKeys;
  /** --require-signature: an unsigned bundle is refused */
  requireSignature?: boolean;
  /** --allow-unsigned: an unsigned bundle is installed although the record names a signer, which is dropped */
  allowUnsigned?: boolean;
}

/**
 * What becomes of the recorded signer: `first` (recorded now), `same`, `replaced` (by --signer), `dropped`
 * (--allow-unsigned), or `unsigned` (none before, none now).
 */
export type SignerTrust = "first" | "same" | "replaced" | "dropped" | "unsigned";

export interface SignatureReport {
  trust: SignerTrust;
  /** the key that signed, recorded for the next update */
  signer?: SignerRecord & { label: string };
  /** the signer the record named before this run */
  previous?: SignerRecord;
  /** where the signature came from, or why none was found */
  from: string;
}

export type SignatureDecision =
  | { ok: true; report: SignatureReport }
  | { ok: false; problem: string; hint: string };

const recordName = ".agentc/installed.json";

/**
 * Checks the bundle's signatures over its manifest.json, then decides against the recorded signer and the
 * person's options. A damaged or non-matching signature is always refused; an unsigned bundle only when a
 * signer is recorded or asked for; a bundle signed by another key unless the person named it (--signer).
 * With neither a record nor --signer, a good signature's key is trusted on first use and recorded.
 */
export function decideSignature(
  manifest: Buffer,
  signatures: BundleSignatures | undefined,
  recorded: SignerRecord | undefined,
  policy: SignerPolicy,
): SignatureDecision {
  const signed = verifiedSigners(manifest, signatures);
  if (!Array.isArray(signed)) return signed;
  if (signed.length === 0) return unsigned(signatures, recorded, policy);
  const allowed =
    policy.signers?.keys.map((k) => k.fingerprint) ?? (recorded ? [recorded.fingerprint] : undefined);
  const chosen = allowed
    ? signed.find((s) => allowed.includes(s.key.fingerprint))
    : [...signed].sort((a, b) => (a.key.fingerprint < b.key.fingerprint ? -1 : 1))[0];
  if (!chosen) return wrongSigner(signed, recorded, policy);
  const { key, from } = chosen;
  const signer = { key: key.text, fingerprint: key.fingerprint, label: key.label };
  const trust: SignerTrust =
    recorded === undefined ? "first" : recorded.fingerprint === key.fingerprint ? "same" : "replaced";
  return { ok: true, report: { trust, signer, ...(recorded ? { previous: recorded } : {}), from } };
}

interface Signed {
  key: SshPublicKey;
  from: string;
}

/** The key of every signature found, each checked over manifest.json; the first one that fails refuses the bundle. */
function verifiedSigners(
  manifest: Buffer,
  signatures: BundleSignatures | undefined,
): Signed[] | Extract<SignatureDecision, { ok: false }> {
  const signed: Signed[] = [];
  for (const file of signatures?.files ?? []) {
    const check = verifySshSignature(file.bytes, manifest);
    if (!check.ok)
      return {
        ok: false,
        problem: `the signature ${file.from} ${check.problem}; nothing was written`,
        hint: "do not install this bundle: it changed after it was signed, or its signature was swapped; ask its publisher (a build folder rebuilt since manifest.json.sig was made needs signing again)",
      };
    signed.push({ key: check.signer, from: file.from });
  }
  return signed;
}

function unsigned(
  signatures: BundleSignatures | undefined,
  recorded: SignerRecord | undefined,
  policy: SignerPolicy,
): SignatureDecision {
  const where = signatures?.lookedAt ?? "no signature was given with it";
  const asked = policy.signers
    ? `--signer ${policy.signers.from} asks for one`
    : policy.requireSignature
      ? "--require-signature asks for one"
      : undefined;
  if (asked)
    return {
      ok: false,
      problem: `the bundle is not signed (${where}), but ${asked}; nothing was written`,
      hint: "ask its publisher for a signed bundle ('agentc pack --sign KEY', 'agentc publish --sign KEY')",
    };
  if (recorded && !policy.allowUnsigned)
    return {
      ok: false,
      problem: `the bundle is not signed (${where}), but this project's bundles are signed by ${recorded.fingerprint} (the signer in ${recordName}); nothing was written`,
      hint: "a bundle whose signature is gone is what a compromised server sends; if its publisher really stopped signing and you trust the source, run again with --allow-unsigned",
    };
  return {
    ok: true,
    report: {
      trust: recorded ? "dropped" : "unsigned",
      ...(recorded ? { previous: recorded } : {}),
      from: where,
    },
  };
}

function wrongSigner(
  signed: Signed[],
  recorded: SignerRecord | undefined,
  policy: SignerPolicy,
): SignatureDecision {
  const by = signed.map((s) => s.key.fingerprint).join(", ");
  if (policy.signers)
    return {
      ok: false,
      problem: `the bundle is signed by ${by}, which is not a key in ${policy.signers.from}; nothing was written`,
      hint: "check the --signer file, or ask the publisher which key signs its bundles",
    };
  return {
    ok: false,
    problem: `the bundle is signed by ${by}, not by ${recorded?.fingerprint}, the signer recorded in ${recordName}; nothing was written`,
    hint: "if the team changed its signing key, get the new public key from a channel you trust and run again with --signer NEW.pub (it replaces the recorded key); otherwise do not install this bundle",
  };
}
