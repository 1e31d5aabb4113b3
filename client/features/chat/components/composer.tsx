import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGE_MAX, ZEditMessage, ZSendMessage, type TChatMessage } from '#shared/chat/chat.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { Button } from '#client/components/ui/button';
import { FieldError } from '#client/components/ui/form-field';
import { FileIcon, acceptOf, fileSize, useUpload } from '#client/features/uploads';

export interface ComposerProps {
  onSend(body: string, attachment: TUpload | undefined): void;
  onSaveEdit(message: TChatMessage, body: string): void;
  onTyping(): void;
  replyTo: TChatMessage | null;
  editing: TChatMessage | null;
  onCancel(): void;
}

interface Draft {
  body: string;
  /** Uploaded already (the upload's own answer): the message carries its id. */
  attachment?: TUpload;
}

/**
 * A new message is checked by the shared send schema (words, a file or both), an edit by the edit
 * schema (words only). The draft itself is the box's own, and the upload the server's answer, so
 * only what they become is checked.
 */
const ZNewMessage = z
  .custom<Draft>()
  .transform(({ body, attachment }): z.input<typeof ZSendMessage> => ({ body, attachmentUploadId: attachment?.id }))
  .pipe(ZSendMessage);
const ZEditedMessage = z
  .custom<Draft>()
  .transform(({ body }): z.input<typeof ZEditMessage> => ({ body }))
  .pipe(ZEditMessage);

/**
 * The message box (one line, not the form Textarea's tall box): Enter sends, Shift+Enter starts a new line; a photo or a document (Word, Excel, PDF, ZIP…) with its progress.
 */
export function Composer({ onSend, onSaveEdit, onTyping, replyTo, editing, onCancel }: ComposerProps) {
  // Keyed by the message being edited (thread.tsx): starting an edit starts from its words.
  const { control, register, handleSubmit, reset, setValue, setFocus, formState } = useForm<
    Draft,
    unknown,
    { body: string }
  >({
    resolver: zodResolver(editing ? ZEditedMessage : ZNewMessage),
    defaultValues: { body: editing?.body ?? '' },
  });
  const [body, attachment] = useWatch({ control, name: ['body', 'attachment'] });
  // Private: served to the conversation's two members only, never publicly.
  // A picture or a document of any common kind: the server tells them apart by their bytes.
  const upload = useUpload('attachment', { private: true });
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const uploading = upload.state.status === 'uploading' ? upload.state : null;
  const failed = upload.state.status === 'error' ? upload.state : null;
  const error = formState.errors.body?.message;
  // An empty box sends nothing and says nothing, by Enter as by the button.
  const ready = !uploading && (body.trim() !== '' || Boolean(attachment));

  useEffect(() => {
    if (editing || replyTo) setFocus('body');
  }, [editing, replyTo, setFocus]);

  async function pick(file: File | undefined) {
    if (!file) return;
    upload.clear();
    const up = await upload.start(file);
    if (up) setValue('attachment', up);
  }

  const send = handleSubmit(({ body: text }) => {
    if (editing) onSaveEdit(editing, text);
    else onSend(text, attachment);
    reset({ body: '', attachment: undefined });
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (ready) void send();
    }
    if (event.key === 'Escape' && (editing || replyTo)) {
      setValue('body', '');
      onCancel();
    }
  }

  const banner = editing ? 'Editing message' : replyTo ? `Replying to: ${replyTo.body.slice(0, 80)}` : null;
  return (
    <form
      onSubmit={send}
      noValidate
      className="border-t border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {banner ? (
        <div className="mb-2 flex items-center gap-2 rounded-lg bg-zinc-100 px-3 py-1.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          <span className="truncate">{banner}</span>
          <button
            type="button"
            aria-label="Cancel"
            className="ml-auto rounded p-0.5 hover:bg-zinc-200 dark:hover:bg-zinc-700"
            onClick={() => {
              setValue('body', '');
              onCancel();
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      {uploading ? (
        <div className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span>Uploading {uploading.fileName}…</span>
          <progress
            data-testid="upload-progress"
            aria-label={`Uploading ${uploading.fileName}`}
            value={uploading.progress}
            max={1}
            className="mt-1 block h-1.5 w-full accent-indigo-600"
          />
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="mb-2 text-xs text-red-700 dark:text-red-400">
          {failed.message}
        </p>
      ) : null}
      {attachment ? (
        <div className="mb-2 flex items-center gap-2 text-xs" data-testid="attachment-ready">
          {attachment.kind === 'image' ? (
            <img src={attachment.url} alt="" className="size-12 rounded object-cover" />
          ) : (
            <FileIcon file={attachment} className="size-6 shrink-0 text-zinc-500 dark:text-zinc-400" />
          )}
          <span className="min-w-0 truncate">{attachment.name}</span>
          <span className="shrink-0 text-zinc-600 dark:text-zinc-400">{fileSize(attachment.size)}</span>
          <button
            type="button"
            aria-label="Remove attachment"
            className="rounded p-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            onClick={() => setValue('attachment', undefined)}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={acceptOf(['attachment'])}
          className="sr-only"
          data-testid="attach-input"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Attach a photo or document"
          disabled={Boolean(editing) || Boolean(uploading)}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip aria-hidden="true" className="size-5" />
        </Button>
        <label htmlFor={`${id}-text`} className="sr-only">
          Message
        </label>
        <textarea
          id={`${id}-text`}
          rows={1}
          maxLength={MESSAGE_MAX}
          placeholder="Write a message"
          {...register('body', { onChange: onTyping })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onKeyDown={onKeyDown}
          className="block max-h-40 min-h-10 w-full resize-none rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-500 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600/40 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:aria-invalid:border-red-400"
        />
        <Button type="submit" size="icon" aria-label={editing ? 'Save' : 'Send'} disabled={!ready}>
          <Send aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {error ? (
        <div className="mt-2">
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
      ) : null}
    </form>
  );
}
