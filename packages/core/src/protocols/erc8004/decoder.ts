import type { Hex } from "viem";
import { functionAbi, param, tuple } from "../../abi/functionAbi.js";
import { decodeCallStrictly } from "../decodeCallStrictly.js";
import type { StepDecoder } from "../definition.js";
import { ERC8004_ADDRESSES } from "./addresses.js";

const agentId = param("uint256", "agentId");
/** Every state-changing function of the two registries preflow's policy recognises (v2.0.0). */
const identityCalls = [
  functionAbi("register", "nonpayable", [], []),
  functionAbi("register", "nonpayable", [param("string")], []),
  functionAbi(
    "register",
    "nonpayable",
    [param("string"), tuple("tuple[]", "metadata", [param("string"), param("bytes")])],
    [],
  ),
  functionAbi("setAgentURI", "nonpayable", [agentId, param("string")], []),
  functionAbi(
    "setAgentWallet",
    "nonpayable",
    [agentId, param("address"), param("uint256"), param("bytes")],
    [],
  ),
  functionAbi("unsetAgentWallet", "nonpayable", [agentId], []),
  functionAbi("setMetadata", "nonpayable", [agentId, param("string"), param("bytes")], []),
] as const;
const reputationCalls = [
  functionAbi(
    "giveFeedback",
    "nonpayable",
    [
      agentId,
      param("int128"),
      param("uint8"),
      param("string"),
      param("string"),
      param("string"),
      param("string"),
      param("bytes32"),
    ],
    [],
  ),
  functionAbi("revokeFeedback", "nonpayable", [agentId, param("uint64")], []),
  functionAbi(
    "appendResponse",
    "nonpayable",
    [agentId, param("address"), param("uint64"), param("string"), param("bytes32")],
    [],
  ),
] as const;

const REGISTRIES = [
  {
    address: ERC8004_ADDRESSES.identityRegistry.toLowerCase(),
    abi: identityCalls,
    label: "ERC-8004 Identity",
  },
  {
    address: ERC8004_ADDRESSES.reputationRegistry.toLowerCase(),
    abi: reputationCalls,
    label: "ERC-8004 Reputation",
  },
] as const;

/**
 * ERC-8004's registry calls as the spending policy reads them, to their Celo addresses only and exactly
 * canonical calldata (`decodeCallStrictly`): the Identity registry's `register` (3 overloads), `setAgentURI`,
 * `setAgentWallet`, `unsetAgentWallet`, `setMetadata`, and the Reputation registry's `giveFeedback`,
 * `revokeFeedback`, `appendResponse`: known calls that move no value and spend no token (labelled
 * `"ERC-8004 Identity register"`...). A value sent with one stays visible as a `native` effect. Anything else is
 * an unknown call. Never throws on garbage. @internal
 */
export const decodeErc8004Call: StepDecoder = (step) => {
  const to = step.to.toLowerCase();
  const registry = REGISTRIES.find((entry) => entry.address === to);
  if (!registry) return undefined;
  const decoded = decodeCallStrictly(registry.abi, step.data);
  if (!decoded) return undefined;
  const selector = step.data.slice(0, 10).toLowerCase() as Hex;
  return [
    {
      kind: "call",
      step: step.index,
      to: step.to,
      selector,
      known: true,
      label: `${registry.label} ${decoded.functionName}`,
    },
    ...(step.value > 0n
      ? [{ kind: "native" as const, step: step.index, to: step.to, amount: step.value }]
      : []),
  ];
};
