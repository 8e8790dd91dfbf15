import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { EditorView, ExternalChange, Transaction, useCodeMirror } from '@uiw/react-codemirror';
import { html } from '@codemirror/lang-html';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import type { Insertion, Reveal } from '../../lib/checkPlace';

export interface HtmlCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  /** The accessible name of the editable text area. */
  label: string;
  height: string;
  /** A place to select and bring into view (an item of the checks before publishing). */
  reveal?: Reveal | null;
  /** A text to insert where the cursor is (over the selection), as the user's own edit. */
  insertion?: Insertion | null;
}

/** A Chakra colour token as a CSS variable, so the editor follows the theme and dark mode. */
const token = (name: string) => `var(--chakra-colors-${name.replaceAll('.', '-')})`;

// CodeMirror's default colours fall below 4.5:1 contrast on its active-line background; these
// theme tokens are the ones Chakra makes readable on its own backgrounds, light and dark.
const highlightStyle = HighlightStyle.define([
  { tag: tags.tagName, color: token('green.fg') },
  { tag: [tags.attributeName, tags.propertyName], color: token('orange.fg') },
  { tag: [tags.attributeValue, tags.string, tags.url], color: token('blue.fg') },
  { tag: [tags.keyword, tags.documentMeta, tags.processingInstruction], color: token('purple.fg') },
  { tag: [tags.angleBracket, tags.punctuation, tags.operator], color: token('fg.muted') },
  { tag: tags.comment, color: token('fg.muted'), fontStyle: 'italic' },
  { tag: tags.invalid, color: token('red.fg') },
]);

const editorTheme = EditorView.theme({
  '&': { backgroundColor: token('bg.panel'), color: token('fg'), fontSize: '13px' },
  '.cm-content': { caretColor: token('fg') },
  '.cm-scroller': { fontFamily: 'var(--chakra-fonts-mono)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: token('fg') },
  '.cm-gutters': {
    backgroundColor: token('bg.muted'),
    color: token('fg.muted'),
    borderRight: `1px solid ${token('border')}`,
  },
  '.cm-activeLine': { backgroundColor: token('bg.subtle') },
  '.cm-activeLineGutter': { backgroundColor: token('bg.emphasized'), color: token('fg') },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: token('blue.muted') },
  '.cm-selectionMatch, .cm-searchMatch': { backgroundColor: token('yellow.subtle') },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: token('bg.emphasized'), outline: 'none' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: token('red.subtle') },
});

/**
 * Replaces the whole document without reporting it as the user's edit, and outside the undo
 * history (undo must not empty the editor that was just loaded).
 */
function setDocument(view: EditorView, value: string) {
  if (value === view.state.doc.toString()) return;
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: value },
    annotations: [ExternalChange.of(true), Transaction.addToHistory.of(false)],
  });
}

/** Line numbers, brackets, search, history; no folding. */
const BASIC_SETUP = { foldGutter: false } as const;

/**
 * CodeMirror 6 set up for HTML. Loaded lazily by HtmlEditorPreview (default export for
 * React.lazy), so the editor's code is a chunk of its own.
 */
export default function HtmlCodeEditor({ value, onChange, readOnly, label, height, reveal, insertion }: HtmlCodeEditorProps) {
  // Texts this editor reported and the page has not echoed back yet.
  const echoes = useRef(new Set<string>());

  // A stable change handler: the hook reconfigures the editor whenever it gets a new one.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const handleChange = useCallback((next: string) => {
    echoes.current.add(next);
    onChangeRef.current(next);
  }, []);

  const extensions = useMemo(
    () => [
      html(),
      syntaxHighlighting(highlightStyle),
      EditorView.lineWrapping,
      // tabindex: the scrolling area is reached by keyboard through its content, also where a
      // checker does not count a contenteditable element as focusable (axe: scrollable-region-focusable).
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    ],
    [label],
  );

  // No `value` here: the hook would hold outside changes back while the user types and could
  // replay a stale one later (Reset right after typing would show late, or undo newer typing).
  // The text is synchronised below instead.
  const { view, setContainer } = useCodeMirror({
    onChange: handleChange,
    // Read-only state, but still focusable and selectable: a keyboard user can read the
    // HTML, and typing into it is reported by the wrapper as a blocked edit.
    readOnly,
    height,
    theme: editorTheme,
    extensions,
    basicSetup: BASIC_SETUP,
    // Tab moves the focus on, as everywhere else on the page (no keyboard trap).
    indentWithTab: false,
  });

  useEffect(() => {
    if (!view) return;
    if (value === view.state.doc.toString() || !echoes.current.has(value)) {
      // In step with the editor, or a change from outside (load, Reset, a refetch).
      echoes.current.clear();
      setDocument(view, value);
    }
    // Otherwise a late echo of the user's own typing: the editor is already ahead of it.
  }, [view, value]);

  // A place asked for (an item of the checks): selected, scrolled into view and focused. Its
  // offsets are of the page's text, which the document follows (above) before this runs.
  useEffect(() => {
    if (!view || !reveal) return;
    const length = view.state.doc.length;
    const [from, to] = [Math.min(reveal.from, length), Math.min(reveal.to, length)];
    view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
    view.focus();
  }, [view, reveal]);

  // A text asked for (an image of the library): written over the selection as typing would be
  // (reported, and undone by Undo), then the cursor after it, in view and focused.
  useEffect(() => {
    if (!view || !insertion || readOnly) return;
    view.dispatch(view.state.replaceSelection(insertion.text), { scrollIntoView: true, userEvent: 'input.paste' });
    view.focus();
  }, [view, insertion, readOnly]);

  return <div ref={setContainer} />;
}
