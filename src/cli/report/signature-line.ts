import type { SignatureReport } from "../../install/index.js";

/** The plan's line about the bundle's signature and the recorded signer; none for an unsigned bundle as before. */
export function signatureLine(report: SignatureReport | undefined, dryRun: boolean): string | undefined {
  if (!report) return undefined;
  const by = report.signer ? `${report.signer.fingerprint} (${report.signer.label})` : "";
  const will = dryRun ? "would be" : "is";
  switch (report.trust) {
    case "unsigned":
      return undefined;
    case "first":
      return `signature: good, by ${by}; this key ${will} recorded: later bundles must be signed by it`;
    case "same":
      return `signature: good, by ${by}, the recorded signer`;
    case "replaced":
      return `signature: good, by ${by}; it ${will} recorded in place of ${report.previous?.fingerprint} (--signer)`;
    case "dropped":
      return `signature: none (${report.from}); the recorded signer ${report.previous?.fingerprint} ${will} dropped (--allow-unsigned)`;
  }
}
