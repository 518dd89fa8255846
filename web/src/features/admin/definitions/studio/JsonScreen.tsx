// The expert JSON view: CodeMirror 6 with the definition's JSON Schema (codemirror-json-schema:
// lint, hover, completion; it interprets the schema, no eval). Lazy-loaded. It edits the same
// draft as the forms: every edit that parses replaces the draft; a form edit replaces the text.
import { useRef, useState } from 'react';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { jsonSchema } from 'codemirror-json-schema';
import schema from '@reclaim/engine/schemas/assessment-definition.schema.json';
import type { Draft } from './model';

const extensions = [
  jsonSchema(schema as unknown as Parameters<typeof jsonSchema>[0]),
  // The editable region is what assistive technology reaches: it carries the name.
  EditorView.contentAttributes.of({ 'aria-label': 'Definition JSON' }),
];

export default function JsonScreen({ draft, onDraft }: { draft: Draft; onDraft: (next: Draft) => void }) {
  const ours = useRef<Draft>(draft);
  const [text, setText] = useState(() => JSON.stringify(draft, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  if (draft !== ours.current) {
    ours.current = draft;
    setText(JSON.stringify(draft, null, 2));
    setParseError(null);
  }
  const onChange = (value: string) => {
    setText(value);
    try {
      const parsed = JSON.parse(value) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        setParseError('The definition must be a JSON object.');
        return;
      }
      setParseError(null);
      ours.current = parsed as Draft;
      onDraft(parsed as Draft);
    } catch (error) {
      setParseError(error instanceof Error ? error.message : 'Not valid JSON');
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-600">
        For what the forms do not cover. The forms and this view edit the same draft.
      </p>
      <div className="overflow-hidden rounded-lg border border-ink-200">
        <CodeMirror
          value={text}
          height="60vh"
          extensions={extensions}
          onChange={onChange}
          // The scroll box is reachable by keyboard on its own (axe: scrollable-region-focusable).
          onCreateEditor={(view) => view.scrollDOM.setAttribute('tabindex', '0')}
          basicSetup={{ foldGutter: true, lineNumbers: true }}
        />
      </div>
      {parseError ? (
        <p role="alert" className="text-sm text-red-800">
          Not applied yet: {parseError}
        </p>
      ) : null}
    </div>
  );
}
