import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { Markdown } from '#client/components/markdown';
import { FormField, type FieldControlProps } from '#client/components/ui/form-field';
import { cn } from '#client/lib/cn';

const tabClass = cn(
  'rounded-md px-2.5 py-1 text-xs font-medium text-zinc-600 outline-none dark:text-zinc-400',
  'hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-white dark:focus-visible:outline-indigo-400',
  'data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:data-[state=active]:bg-zinc-700 dark:data-[state=active]:text-white',
);

/** A Markdown textarea with a Preview tab that renders exactly what learners will see. */
export function MarkdownEditor({
  id,
  label,
  value,
  error,
  hint = 'Markdown: # heading, **bold**, *italic*, - lists, `code`, [links](https://…)',
  children,
}: {
  id: string;
  label: string;
  /** The current text, for the preview. */
  value: string;
  error?: string;
  hint?: ReactNode;
  /** The textarea itself, given the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}) {
  return (
    <Tabs.Root defaultValue="write">
      <FormField
        id={id}
        label={label}
        error={error}
        hint={hint}
        labelAside={
          <Tabs.List
            aria-label="Write or preview"
            className="inline-flex gap-0.5 rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800"
          >
            <Tabs.Trigger value="write" className={tabClass}>
              Write
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={tabClass}>
              Preview
            </Tabs.Trigger>
          </Tabs.List>
        }
      >
        {(control) => (
          <>
            <Tabs.Content value="write" forceMount className="data-[state=inactive]:hidden">
              {children(control)}
            </Tabs.Content>
            <Tabs.Content
              value="preview"
              className="min-h-24 rounded-lg border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-950"
            >
              {value.trim() ? (
                <Markdown source={value} headingOffset={2} />
              ) : (
                <p className="text-sm text-zinc-500">Nothing to preview yet.</p>
              )}
            </Tabs.Content>
          </>
        )}
      </FormField>
    </Tabs.Root>
  );
}
