// UI: a CodeMirror 6 editor for a policy's JavaScript, with the line the core's last message
// named marked. Part of the lazily loaded "Your policy" view (none of it is in the first load).
// It lives in a shadow root: CodeMirror styles a shadow root with constructed style sheets,
// where in the document it would add <style> elements, which the app's CSP (style-src 'self')
// refuses. Its look is therefore a CodeMirror theme, not app.css.

import { useEffect, useRef } from 'react';
import { EditorView, Decoration, keymap, lineNumbers, highlightActiveLine, type DecorationSet } from '@codemirror/view';
import { EditorState, StateEffect, StateField } from '@codemirror/state';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { useLatest } from '../hooks/useLatest';

/** Marks one line (1-based) as the one an error names, or none. */
const markLine = StateEffect.define<number | null>();
const errorLine = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects)
      if (e.is(markLine)) {
        const n = e.value;
        if (n === null || n < 1 || n > tr.state.doc.lines) return Decoration.none;
        const line = tr.state.doc.line(n);
        return Decoration.set([Decoration.line({ class: 'cm-error-line', attributes: { title: 'the error is here' } }).range(line.from)]);
      }
    return tr.docChanged ? Decoration.none : marks.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** The app's colours (custom properties reach into the shadow root) and the marked line. */
const look = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--panel)', minHeight: '18rem', maxHeight: '60vh', fontSize: '0.9rem' },
  '&.cm-focused': { outline: '2px solid var(--accent)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '.cm-gutters': { backgroundColor: 'var(--bg)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--accent) 8%, transparent)' },
  '.cm-error-line': { backgroundColor: 'var(--error-bg)', boxShadow: 'inset 3px 0 0 var(--error-fg)' },
  '.cm-cursor': { borderLeftColor: 'var(--fg)' },
});

/** Syntax colours from the app's theme (own.css sets them for light and dark), readable on either. */
const colours = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.operatorKeyword, tags.controlKeyword, tags.definitionKeyword], color: 'var(--code-keyword)' },
  { tag: [tags.string, tags.regexp, tags.special(tags.string)], color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--code-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--code-comment)', fontStyle: 'italic' },
  {
    tag: [tags.definition(tags.variableName), tags.function(tags.variableName), tags.className, tags.definition(tags.propertyName)],
    color: 'var(--code-name)',
  },
  { tag: tags.invalid, color: 'var(--error-fg)' },
]);

interface Props {
  value: string;
  onChange(value: string): void;
  /** The core's last message about this text: the line it names (1-based) is marked until the text changes. */
  problem: { line: number | null } | null;
  label: string;
}

export function CodeEditor({ value, onChange, problem, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useLatest(onChange);

  useEffect(() => {
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const v = new EditorView({
      parent: shadow,
      root: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(colours),
          javascript(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          errorLine,
          look,
          // tabindex: a screen reader's tools (and axe) count the editable text as the scrolled region's focusable content.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is made once; later values arrive below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (a template, a saved policy) replaces the text.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  // Each new message marks its line again (the same line after an edit too).
  useEffect(() => {
    view.current?.dispatch({ effects: markLine.of(problem?.line ?? null) });
  }, [problem]);

  return <div className="code-editor" ref={host} />;
}
