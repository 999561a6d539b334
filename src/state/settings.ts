// UI: settings kept across visits (the theme), read back through a schema: a value
// another version or a person wrote by hand falls back to the default.
import * as v from 'valibot';

const SettingsSchema = v.object({ theme: v.picklist(['system', 'light', 'dark']) });
export type Settings = v.InferOutput<typeof SettingsSchema>;
export type Theme = Settings['theme'];

const KEY = 'cachescope.settings';
const DEFAULTS: Settings = { theme: 'system' };

export function loadSettings(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Settings {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return DEFAULTS;
    const r = v.safeParse(SettingsSchema, JSON.parse(raw));
    return r.success ? r.output : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

export function saveSettings(s: Settings, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage may be off (private windows): the setting lasts for this visit.
  }
}

/** Puts the theme on the document: `system` follows the operating system. */
export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}
