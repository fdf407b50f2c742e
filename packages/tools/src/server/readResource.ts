// resources/read: the one resource the server offers, the flow view (flowViewResource.ts); any other URI is the
// protocol's "resource not found" (the SDK's ResourceNotFoundError), naming it cut short.
import { ResourceNotFoundError } from "@modelcontextprotocol/server";
import { FLOW_VIEW_URI, readFlowView } from "./flowViewResource.js";

/** The answer to resources/read of `uri`. @internal */
export async function readResource(uri: string): ReturnType<typeof readFlowView> {
  if (uri !== FLOW_VIEW_URI)
    throw new ResourceNotFoundError(uri.length > 200 ? `${uri.slice(0, 197)}...` : uri);
  return readFlowView();
}
