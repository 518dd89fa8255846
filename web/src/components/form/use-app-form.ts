import { useCallback, useEffect, useRef, type FormEvent } from 'react';
import {
  get,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { logger } from '../../lib/logger';

/** Where the form-level error lives in react-hook-form's errors (`errors.root.server`). */
export const FORM_ERROR = 'root.server';

export interface FormErrorState {
  message: string;
  /** Further lines listed under the message (e.g. server field errors no field shows). */
  details: string[];
}

export interface AppForm<T extends FieldValues> extends UseFormReturn<T> {
  /** `register(name, rules)` plus the field's error message: spread it on TextField & co. */
  field: <N extends Path<T>>(
    name: N,
    rules?: RegisterOptions<T, N>,
  ) => UseFormRegisterReturn<N> & { error: string | undefined };
  /**
   * The `<form onSubmit>` handler: validates, runs `onValid` when the values pass, and after a
   * failed submit moves focus to the first invalid field (or to the form's alert, which focuses itself).
   * Call it without an event to submit from elsewhere (a confirm dialog). `onInvalid` runs before
   * the focus moves (e.g. to show the tab holding the invalid field).
   */
  submit: (
    onValid: SubmitHandler<T>,
    onInvalid?: SubmitErrorHandler<T>,
  ) => (event?: FormEvent) => Promise<void>;
  /** The form-level error, shown by `<FormAlert form={form} />`; cleared by the next submit. */
  formError: FormErrorState | undefined;
  setFormError: (message: string, details?: string[]) => void;
}

function formErrorOf(errors: FieldErrors): FormErrorState | undefined {
  const error: { message?: string; types?: Record<string, unknown> } | undefined = get(errors, FORM_ERROR);
  if (!error?.message) return undefined;
  const details = Object.values(error.types ?? {}).filter((d): d is string => typeof d === 'string');
  return { message: error.message, details };
}

/** The first field (in react-hook-form's order) with an error, for when the DOM cannot say. */
function firstErrorName(errors: FieldErrors, prefix = ''): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'root' || !value || typeof value !== 'object') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if ('message' in value || 'type' in value) return name;
    const nested = firstErrorName(value as FieldErrors, name);
    if (nested) return nested;
  }
  return undefined;
}

/** Fields whose native events already reach react-hook-form (one listener pair per element). */
const followed = new WeakSet<Element>();

/**
 * register()'s ref, plus native `input` and `change` listeners that hand every event to
 * react-hook-form. React's onChange misses an event whose value was set through the element's
 * `value` property (a script, autofill or an extension filling the form: React's value tracker
 * sees no change), and the form would then submit a value other than the one shown (issue 29 §2).
 */
function followingRef<N extends string>(
  registered: UseFormRegisterReturn<N>,
): UseFormRegisterReturn<N>['ref'] {
  return (el) => {
    registered.ref(el);
    if (!(el instanceof HTMLElement) || followed.has(el)) return;
    followed.add(el);
    const follow = (event: Event) =>
      void registered.onChange({
        target: event.target,
        type: event.type === 'input' ? 'change' : event.type,
      });
    el.addEventListener('input', follow);
    el.addEventListener('change', follow);
  };
}

/**
 * react-hook-form's useForm with the app's conventions: validation on submit and again on each
 * change after that, no native browser bubbles (`noValidate` is set by `submit`'s form), focus on
 * the first invalid field in page order after a failed submit, and one form-level error.
 */
export function useAppForm<T extends FieldValues>(options: UseFormProps<T> = {}): AppForm<T> {
  const form = useForm<T>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    ...options,
  });
  const element = useRef<HTMLFormElement | null>(null);
  const { errors, submitCount } = form.formState;
  const latestErrors = useRef(errors);
  latestErrors.current = errors;
  const { handleSubmit, register, setError, setFocus } = form;

  useEffect(() => {
    if (submitCount === 0) return;
    const found = latestErrors.current;
    if (formErrorOf(found)) return; // FormAlert takes the focus.
    const name = firstErrorName(found);
    if (!name) return;
    const invalid = element.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else setFocus(name as Path<T>);
  }, [submitCount, setFocus]);

  const submit = useCallback(
    (onValid: SubmitHandler<T>, onInvalid?: SubmitErrorHandler<T>) => async (event?: FormEvent) => {
      const target = event?.currentTarget;
      if (target instanceof HTMLFormElement) element.current = target;
      try {
        await handleSubmit(onValid, onInvalid)(event);
      } catch (error) {
        // The forms catch what they expect; anything else is a bug, logged rather than unhandled.
        logger.error('Form submit failed', error);
      }
    },
    [handleSubmit],
  );

  const setFormError = useCallback(
    (message: string, details: string[] = []) =>
      setError(FORM_ERROR as Path<T>, {
        type: 'server',
        message,
        ...(details.length > 0 ? { types: Object.fromEntries(details.map((d, i) => [String(i), d])) } : {}),
      }),
    [setError],
  );

  const field = <N extends Path<T>>(name: N, rules?: RegisterOptions<T, N>) => {
    const error: { message?: string } | undefined = get(errors, name);
    const registered = register(name, rules);
    return { ...registered, ref: followingRef(registered), error: error?.message };
  };

  return { ...form, field, submit, formError: formErrorOf(errors), setFormError };
}
