// UI: Okabe–Ito: distinguishable with the common colour-vision deficiencies and on a projector.
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];
export const colourOf = (i: number): string => PALETTE[i % PALETTE.length];
