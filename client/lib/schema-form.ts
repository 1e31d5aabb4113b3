import { useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type FieldValue = string | boolean;
type Shape = Record<string, FieldValue | undefined>;
interface FieldProps {
  name: string;
  defaultValue?: string;
  defaultChecked?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A form whose rules load after it is on screen (decision 083). The auth screens are the first
 * thing a visitor on a slow link sees: rendering them through react-hook-form and zod put 40 KB
 * before the form. Here the inputs are plain and uncontrolled, and the rules are still the
 * shared zod schema (one schema for form, fetcher and route): `schema` imports it, on the first
 * focus in the form or at the latest on submit. It behaves as react-hook-form's defaults did:
 * checked on submit, rechecked field by field on change once submitted, focus on the first field
 * in error, and `onValid` gets the schema's output (trimmed values). If the rules cannot load
 * (the network went), the values go to the server, which checks them with the same schema.
 */
export function useSchemaForm<S extends z.ZodType>({
  schema,
  defaultValues,
}: {
  schema: () => Promise<S>;
  defaultValues: z.input<S> & Shape;
}) {
  type Name = Extract<keyof z.input<S>, string>;
  type Errors = Partial<Record<Name, { message: string }>>;
  const formRef = useRef<HTMLFormElement>(null);
  const loading = useRef<Promise<S | undefined>>(undefined);
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors>({});
  const names = Object.keys(defaultValues) as Name[];

  const rules = () =>
    (loading.current ??= schema().catch(() => {
      loading.current = undefined;
      return undefined;
    }));

  const getValues = (): z.input<S> => {
    const values: Shape = { ...defaultValues };
    const form = formRef.current;
    for (const name of names) {
      const input = form?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) values[name] = input.type === 'checkbox' ? input.checked : input.value;
    }
    return values as z.input<S>;
  };

  const check = async () => {
    const rulesNow = await rules();
    if (!rulesNow) return { ok: true as const, data: getValues() as z.output<S> };
    const result = rulesNow.safeParse(getValues());
    if (result.success) return { ok: true as const, data: result.data };
    const found: Errors = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as Name;
      found[name] ??= { message: issue.message };
    }
    return { ok: false as const, errors: found };
  };

  const setError = (name: Name, error: { type?: string; message?: string }) =>
    setErrors((now) => ({ ...now, [name]: { message: error.message ?? '' } }));

  const handleSubmit = (onValid: (values: z.output<S>) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    void check().then((result) => {
      if (result.ok) {
        setErrors({});
        onValid(result.data);
        return;
      }
      setErrors(result.errors);
      const first = names.find((n) => result.errors[n]);
      const input = first && formRef.current?.elements.namedItem(first);
      if (input instanceof HTMLElement) input.focus();
    });
  };

  const register = (name: Name): FieldProps => {
    const initial = defaultValues[name];
    return {
      name,
      ...(typeof initial === 'boolean' ? { defaultChecked: initial } : { defaultValue: initial ?? '' }),
      // Once submitted, a change rechecks its own field (react-hook-form's reValidateMode).
      onChange: (_event: ChangeEvent<HTMLInputElement>) => {
        if (!submitted.current) return;
        void check().then((result) =>
          setErrors((now) => {
            const next = { ...now };
            const error = result.ok ? undefined : result.errors[name];
            if (error) next[name] = error;
            else delete next[name];
            return next;
          }),
        );
      },
    };
  };

  return {
    register,
    handleSubmit,
    setError,
    getValues,
    errors,
    /** Spread on the <form>: ties it to the hook and starts loading the rules on the first focus. */
    form: {
      ref: formRef,
      noValidate: true,
      onFocus: (_event: FocusEvent<HTMLFormElement>) => void rules(),
    },
  };
}
