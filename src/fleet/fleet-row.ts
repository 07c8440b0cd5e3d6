/** One project of the fleet view: what is installed, what its source offers, and how far it drifted. */
export interface FleetRow {
  project: string;
  /** registry_version installed */
  installed?: string;
  /** registry_version the source names as newest (a bundle URL names none) */
  newest?: string;
  /** true: the source has a newer bundle; undefined when it could not be told */
  behind?: boolean;
  /** true: the source's newest is an older registry_version than the installed one (rolled back): not behind */
  older?: boolean;
  components: string[];
  /** findings of `agentc status` (modified, missing, foreign files ...) */
  drift?: number;
  source?: string;
  /** why the project could not be checked */
  problem?: string;
}
