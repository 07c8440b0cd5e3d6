import * as Spec from "@cyclonedx/cyclonedx-library/Spec";
import * as Validation from "@cyclonedx/cyclonedx-library/Validation";

/**
 * What is wrong with an SBOM against the CycloneDX 1.6 JSON schema (strict), as the library ships it and
 * validates it with ajv, offline: null when nothing is.
 */
export async function sbomProblems(json: string): Promise<unknown> {
  return await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(json);
}
