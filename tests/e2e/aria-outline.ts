// Issue 31: the page as a screen reader reads it, from Playwright's ARIA snapshot (the accessibility
// tree as YAML, one node a line: `- heading "Title" [level=1]`, `- button "Next"`, `- textbox`).
// What fails: headings out of order (the first not an h1, more than one h1, a level skipped on the
// way down), a control without a name, a money figure read without words beside it.

/** Roles a user operates: each must have an accessible name. */
const CONTROLS = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'combobox',
  'listbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'menuitem',
  'option',
]);

interface Node {
  indent: number;
  role: string;
  name: string | null;
  attributes: string;
  /** Text after the colon (`- cell "£1": £1`, `- text: £1`). */
  text: string;
}

function parse(snapshot: string): Node[] {
  const nodes: Node[] = [];
  for (const line of snapshot.split('\n')) {
    const m =
      /^(\s*)- ([a-z]+)(?: ("(?:[^"\\]|\\.)*"|\/(?:[^/\\]|\\.)*\/))?((?:\s*\[[^\]]*\])*)\s*(?::\s*(.*))?$/.exec(
        line,
      );
    if (!m) continue;
    const rawName = m[3];
    const name = rawName === undefined ? null : rawName.slice(1, -1).trim();
    nodes.push({
      indent: (m[1] ?? '').length,
      role: m[2] ?? '',
      name,
      attributes: m[4] ?? '',
      text: (m[5] ?? '').replace(/^"|"$/g, '').trim(),
    });
  }
  return nodes;
}

/** The headings in reading order, as `h<level> <name>`. */
export function headingOutline(snapshot: string): string[] {
  return parse(snapshot)
    .filter((n) => n.role === 'heading')
    .map((n) => `h${/\[level=(\d)\]/.exec(n.attributes)?.[1] ?? '?'} ${n.name ?? ''}`);
}

const FIGURE = /^[-−]?£[\d,.]+(?:\s*[–-]\s*£[\d,.]+)?$/;

/** Every problem a screen-reader user would meet in `snapshot`, one line each (empty: none). */
export function ariaProblems(snapshot: string): string[] {
  const problems: string[] = [];
  const nodes = parse(snapshot);
  let previous = 0;
  let ones = 0;
  for (const h of headingOutline(snapshot)) {
    const level = Number(h.slice(1, 2));
    if (!Number.isInteger(level)) problems.push(`heading without a level: ${h}`);
    if (previous === 0 && level !== 1) problems.push(`the first heading is not a level 1: ${h}`);
    if (previous > 0 && level > previous + 1) problems.push(`heading level skipped after h${previous}: ${h}`);
    if (level === 1) ones += 1;
    previous = level;
  }
  if (ones === 0) problems.push('no level 1 heading');
  if (ones > 1) problems.push(`${ones} level 1 headings`);
  nodes.forEach((n, i) => {
    if (CONTROLS.has(n.role) && !n.name && !n.text) problems.push(`a ${n.role} without a name`);
    // A figure alone on its line must sit under, or after, a node that says what it is.
    const alone = n.role === 'text' || n.role === 'definition' || n.role === 'paragraph' || n.role === 'cell';
    const value = n.name || n.text;
    if (alone && FIGURE.test(value)) {
      // its previous sibling (a term, a cell's row header, a label) or its parent
      const near = nodes
        .slice(0, i)
        .reverse()
        .find((b) => b.indent <= n.indent);
      const label = near && /[a-z]/i.test(`${near.name ?? ''} ${near.text}`);
      if (!label) problems.push(`the figure ${value} is read without a label`);
    }
  });
  return problems;
}
