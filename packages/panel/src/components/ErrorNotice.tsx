import { ApiError } from "../api/ApiError";

/** A failure as a person reads it: the API's own message and code, never a blank page. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiError ? error.code : undefined;
  return (
    <div className="notice notice-error" role="alert">
      {title ? <strong>{title} </strong> : null}
      {message}
      {code ? <span className="code"> ({code})</span> : null}
    </div>
  );
}
