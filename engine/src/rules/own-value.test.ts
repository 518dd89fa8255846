import { describe, expect, it } from 'vitest';
import { ownValue } from './own-value';
import { evaluateCondition } from './conditions/evaluate-condition';
import { fillTemplate } from './stages/fill-template';

describe('ownValue: a record’s own values, never what it inherits', () => {
  it('reads own values, falsy ones included', () => {
    const record = { a: 1, b: 0, c: '', d: false, e: null, f: [1], g: { x: 1 } };
    for (const [k, v] of Object.entries(record)) expect(ownValue(record, k)).toBe(v);
    expect(ownValue(record, 'missing')).toBeUndefined();
  });

  it('never reads what Object.prototype gives, even by name', () => {
    const record: Record<string, unknown> = { a: 1 };
    for (const name of [
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '__proto__',
      '__defineGetter__',
    ])
      expect(ownValue(record, name)).toBeUndefined();
  });

  it('reads a fact that happens to share such a name when the record has it', () => {
    const record = JSON.parse('{"constructor": "sole trader", "__proto__": 5}') as Record<string, unknown>;
    expect(ownValue(record, 'constructor')).toBe('sole trader');
    expect(ownValue(record, '__proto__')).toBe(5);
    expect(ownValue(Object.create(null) as Record<string, unknown>, 'toString')).toBeUndefined();
  });

  it('conditions and templates read facts through it', () => {
    expect(evaluateCondition({ fact: 'constructor', operator: 'isAnswered', value: true }, {})).toBe(false);
    expect(fillTemplate('[{{toString}}]', {})).toBe('[]');
    expect(
      fillTemplate('[{{constructor}}]', JSON.parse('{"constructor": "Ltd"}') as Record<string, unknown>),
    ).toBe('[Ltd]');
  });
});
