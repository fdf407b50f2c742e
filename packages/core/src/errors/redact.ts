// The one redactor and error summariser of preflow live in `@preflow/errors`; core's modules import them from here.
export {
  type ErrorSummary,
  errorCauses,
  redactSecrets,
  redactUrl,
  summarizeError,
} from "@preflow/errors";
