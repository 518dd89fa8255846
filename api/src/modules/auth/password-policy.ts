import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import commonPasswords from './common-passwords.json';

export const PASSWORD_MIN_LENGTH = 8;
// Long passphrases are welcome; the cap only stops multi-megabyte inputs reaching argon2.
export const PASSWORD_MAX_LENGTH = 1024;
/**
 * zxcvbn's estimate of guesses needed, as log10: at least 10^8, the bound of zxcvbn's score 3
 * ("safely unguessable: moderate protection from an offline attack"). Compared on the estimate,
 * not the score, so eight random characters (exactly 10^8 by brute force) still pass while
 * Passw0rd! (10^4), reclaim123 (10^4) and Summer2024! (10^7) do not.
 */
export const PASSWORD_MIN_GUESSES_LOG10 = 8;
/** zxcvbn's matching grows with length; beyond this many characters only the first are estimated. */
const ESTIMATE_MAX_LENGTH = 256;
/** The product's own words: a password built from them is guessed first (issue 25 §3). */
export const PRODUCT_WORDS = ['reclaim', 'reclaimuk', 'tax', 'taxes', 'refund', 'rebate', 'hmrc', 'claim'];

export const PASSWORD_TOO_COMMON = 'This password is too common; choose another';
export const PASSWORD_TOO_GUESSABLE =
  'This password is too easy to guess. Use a longer password, for example a few unrelated words.';

const COMMON = new Set<string>(commonPasswords.map((p) => p.toLowerCase()));

let estimator: ZxcvbnFactory | null = null;

/** Built on first use (its dictionaries take about 0.2 s to load), then shared. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: zxcvbnEn.translations,
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    maxLength: ESTIMATE_MAX_LENGTH,
  });
  return estimator;
}

export interface PasswordContext {
  email?: string;
  username?: string;
  displayName?: string;
}

/** The words an attacker targeting this person would try first: the product's and the person's own. */
export function userInputs(context: PasswordContext): string[] {
  const words = new Set<string>(PRODUCT_WORDS);
  const add = (value: string | undefined) => {
    if (!value) return;
    const lowered = value.toLowerCase();
    words.add(lowered);
    // "Margaret Oakley" is tried as "margaretoakley" too.
    words.add(lowered.replace(/[^\p{L}\p{N}]+/gu, ''));
    for (const part of lowered.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  };
  add(context.email);
  add(context.username);
  add(context.displayName);
  return [...words];
}

/**
 * ASVS 6.2: length ≥ 8, no composition rules, no truncation; refused: the breached/common list,
 * the e-mail or username itself, and anything zxcvbn (with the product's and the person's words
 * as user inputs) guesses in fewer than 10^PASSWORD_MIN_GUESSES_LOG10 tries.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered)) return PASSWORD_TOO_COMMON;
  const email = context.email?.toLowerCase();
  if (email && (lowered === email || lowered === email.split('@')[0]))
    return 'Password must not be your e-mail address';
  if (context.username && lowered === context.username.toLowerCase())
    return 'Password must not be your username';
  const result = zxcvbn().check(password.slice(0, ESTIMATE_MAX_LENGTH), userInputs(context));
  if (result.guessesLog10 < PASSWORD_MIN_GUESSES_LOG10) return PASSWORD_TOO_GUESSABLE;
  return null;
}
