// Options as the module takes them: a JSON object of the command line's flags by their names.
// Checked here first, so that a misspelt option is a TypeError naming it (not a parse error).

/** `set` as the module's list of `knob=value`: an array of those, or an object `{knob: value}`. */
export function overrides(set) {
  if (set === undefined || set === null) return [];
  if (Array.isArray(set)) return set.map(String);
  if (typeof set === "object") return Object.entries(set).map(([k, v]) => `${k}=${v}`);
  throw new TypeError(`set: expected an array of "knob=value" or an object {knob: value}, got ${typeof set}`);
}

/** The type each option must have (`set` is normalised by `overrides`). */
const TYPES = {
  name: "string", profile: "string", explain: "boolean", filter: "string",
  expectations: "string", reproduceWith: "string", title: "string",
};

/** `options` with only the `known` keys (a TypeError for any other), `set` normalised. */
export function checked(options, known, what) {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object") throw new TypeError(`${what}: options must be an object, got ${typeof options}`);
  const unknown = Object.keys(options).filter((k) => !known.includes(k));
  if (unknown.length > 0) {
    throw new TypeError(`${what}: unknown option${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")} (known: ${known.join(", ")})`);
  }
  const out = { ...options };
  for (const [k, v] of Object.entries(out)) {
    if (v !== undefined && TYPES[k] && typeof v !== TYPES[k]) {
      throw new TypeError(`${what}: option ${k} must be a ${TYPES[k]}, got ${typeof v}`);
    }
  }
  if ("profiles" in out && out.profiles !== undefined && !(Array.isArray(out.profiles) && out.profiles.every((p) => typeof p === "string"))) {
    throw new TypeError(`${what}: option profiles must be an array of one or two profile names`);
  }
  if ("set" in out) out.set = overrides(out.set);
  for (const [k, v] of Object.entries(out)) if (v === undefined) delete out[k];
  return out;
}
