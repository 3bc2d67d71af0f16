import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './field.module.css';

interface FieldProps {
  label: ReactNode;
  /** The message under the control; marks the control invalid and is read with it. */
  error?: string;
  /** A short help text read with the control. */
  hint?: ReactNode;
  /** The control's id; generated when not given. */
  id: string;
  children: ReactNode;
  className?: string;
}

/** Label + control + hint + error. Use the TextField/SelectField/TextAreaField helpers below. */
export function Field({ label, error, hint, id, children, className }: FieldProps) {
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {children}
      {error ? (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The aria wiring a control needs so screen readers announce its hint and error. */
function controlProps(id: string, error: string | undefined, hint: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

interface Common {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
}

export const TextField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, fieldClassName, id, className, ...rest }, ref) {
    const generated = useId();
    const controlId = id ?? generated;
    return (
      <Field label={label} error={error} hint={hint} id={controlId} className={fieldClassName}>
        <input
          ref={ref}
          className={[styles.control, className ?? ''].join(' ')}
          {...controlProps(controlId, error, hint)}
          {...rest}
        />
      </Field>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, Common & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField({ label, error, hint, fieldClassName, id, className, children, ...rest }, ref) {
    const generated = useId();
    const controlId = id ?? generated;
    return (
      <Field label={label} error={error} hint={hint} id={controlId} className={fieldClassName}>
        <select
          ref={ref}
          className={[styles.control, className ?? ''].join(' ')}
          {...controlProps(controlId, error, hint)}
          {...rest}
        >
          {children}
        </select>
      </Field>
    );
  },
);

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  Common & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, error, hint, fieldClassName, id, className, ...rest }, ref) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <Field label={label} error={error} hint={hint} id={controlId} className={fieldClassName}>
      <textarea
        ref={ref}
        className={[styles.control, styles.textarea, className ?? ''].join(' ')}
        {...controlProps(controlId, error, hint)}
        {...rest}
      />
    </Field>
  );
});
