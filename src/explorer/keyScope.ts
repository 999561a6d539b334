// UI: where the explorer's keys act: the whole page in the app, the widget's own box in a notebook.
import { createContext } from 'react';

/**
 * The element whose key presses the explorer's controls take (null: the whole page). A notebook
 * gives its widget's host, so the notebook's own keys (arrows, End, space) reach the notebook alone.
 */
export const KeyScope = createContext<Node | null>(null);

/** Whether a key press aimed at `target` is the explorer's, given its scope. */
export function inScope(scope: Node | null, target: EventTarget | null): boolean {
  return scope === null || (target instanceof Node && scope.contains(target));
}
