/** The portable name form: lowercase words joined by single hyphens, at most 64 characters. */
export const portableName = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const maxNameLength = 64;
