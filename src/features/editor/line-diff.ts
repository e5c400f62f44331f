import { diffLines } from 'diff';

export type DiffLine = {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** Line numbers in the old and new text (null where the line is not in that side). */
  oldLine: number | null;
  newLine: number | null;
};

/** The lines of `newText` against `oldText`: kept, added and removed, with line numbers. */
export function lineDiff(oldText: string, newText: string): DiffLine[] {
  const out: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const change of diffLines(oldText, newText)) {
    const lines = change.value.replace(/\n$/, '').split('\n');
    for (const text of lines) {
      if (change.added) out.push({ kind: 'added', text, oldLine: null, newLine: newLine++ });
      else if (change.removed)
        out.push({ kind: 'removed', text, oldLine: oldLine++, newLine: null });
      else out.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return out;
}

/** How many lines were added and removed. */
export function diffStats(lines: DiffLine[]) {
  return {
    added: lines.filter((l) => l.kind === 'added').length,
    removed: lines.filter((l) => l.kind === 'removed').length,
  };
}
