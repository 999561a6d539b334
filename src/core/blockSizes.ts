// UI: block-aware policies group pages into blocks of their own size (the TS-CLOCK
// paper's 4 MB by default), which need not be the flash device's: when they
// differ the page says so, with both sizes.

import { CATALOG, policyDoc } from './catalog';

type Values = Record<string, unknown>;

const defaultOf = (params: { key: string; default: unknown }[], key: string) => params.find((p) => p.key === key)?.default;

/** One sentence per (block policy, flash configuration) whose block sizes differ. */
export function blockMismatches(policies: { id: string; params: Values }[], flash: Values[]): string[] {
  const out: string[] = [];
  const deviceDefault = Number(defaultOf(CATALOG.flash, 'pages_per_block'));
  for (const p of policies) {
    const doc = policyDoc(p.id);
    const key = doc?.view.block_param;
    if (!doc || !key) continue;
    const own = Number(p.params[key] ?? defaultOf(doc.params, key));
    flash.forEach((f, i) => {
      const device = Number(f.pages_per_block ?? deviceDefault);
      if (own !== device)
        out.push(
          `${doc.name} groups pages in blocks of ${own.toLocaleString('en')} pages; flash ${i + 1} has ${device.toLocaleString('en')} pages per block. The policy's blocks are its own (its "${key}" parameter): set it to ${device.toLocaleString('en')} to match the device.`,
        );
    });
  }
  return out;
}
