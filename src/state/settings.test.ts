import { describe, expect, it } from 'vitest';
import { loadSettings, saveSettings } from './settings';

const store = (value: string | null) => ({ getItem: () => value });

describe('stored settings', () => {
  it('reads what was saved, and falls back on anything else', () => {
    const saved: Record<string, string> = {};
    saveSettings({ theme: 'dark' }, { setItem: (k: string, v: string) => void (saved[k] = v) });
    expect(loadSettings(store(Object.values(saved)[0]))).toEqual({ theme: 'dark' });
    expect(loadSettings(store(null))).toEqual({ theme: 'system' });
    expect(loadSettings(store('{"theme":"neon"}'))).toEqual({ theme: 'system' });
    expect(loadSettings(store('not json'))).toEqual({ theme: 'system' });
    expect(loadSettings(undefined)).toEqual({ theme: 'system' });
  });
});
