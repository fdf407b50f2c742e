// The one redactor of preflow lives in `@preflow/attribution`; core re-exports it.
export {
  type ErrorSummary,
  errorCauses,
  redactSecrets,
  redactUrl,
  summarizeError,
} from "@preflow/attribution";
