import { Box } from '@mantine/core';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import classes from './FileDrop.module.css';

interface FileDropProps {
  /** Files that pass the checks, in the order given. */
  onDrop: (files: File[]) => void;
  /** Files refused for their type or size. */
  onReject: (files: File[]) => void;
  /** MIME types accepted (`image/png`, or `image/*`). */
  accept: readonly string[];
  maxSize: number;
  disabled?: boolean;
  children: ReactNode;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

const matches = (file: File, accept: readonly string[]) =>
  accept.some((type) => (type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type));

/**
 * A place to drop files or click to choose them (a real file input, so the keyboard and assistive
 * technology reach it): each file is checked against the accepted types and the size limit.
 */
export function FileDrop({ onDrop, onReject, accept, maxSize, disabled, children, ...rest }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const ok = files.filter((f) => matches(f, accept) && f.size <= maxSize);
    const refused = files.filter((f) => !ok.includes(f));
    if (ok.length) onDrop(ok);
    if (refused.length) onReject(refused);
  };
  const drag = (event: DragEvent, entering: boolean) => {
    event.preventDefault();
    if (!disabled) setOver(entering);
  };
  return (
    <Box
      component="label"
      htmlFor={inputId}
      className={classes.root}
      data-over={over || undefined}
      data-disabled={disabled || undefined}
      onDragOver={(e: DragEvent) => drag(e, true)}
      onDragLeave={(e: DragEvent) => drag(e, false)}
      onDrop={(e: DragEvent) => {
        drag(e, false);
        if (!disabled) take(e.dataTransfer.files);
      }}
      data-testid={rest['data-testid']}
    >
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={accept.join(',')}
        disabled={disabled}
        className={classes.input}
        aria-labelledby={rest['aria-labelledby']}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {children}
    </Box>
  );
}
