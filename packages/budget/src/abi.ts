// The few functions of the framework's contracts a budget calls (signatures from @metamask/delegation-abis 2.0.0).
import { parseAbi } from "viem";

const caveat = "(address enforcer, bytes terms, bytes args)";
const delegation = `(address delegate, address delegator, bytes32 authority, ${caveat}[] caveats, uint256 salt, bytes signature)`;

/** DelegationManager v1.3.0: redemption, revocation and its reads. @internal */
export const delegationManagerAbi = parseAbi([
  "function redeemDelegations(bytes[] _permissionContexts, bytes32[] _modes, bytes[] _executionCallDatas)",
  `function disableDelegation(${delegation} _delegation)`,
  "function disabledDelegations(bytes32 delegationHash) view returns (bool)",
  `function getDelegationHash(${delegation} _input) pure returns (bytes32)`,
  "error CannotUseADisabledDelegation()",
  "error InvalidDelegate()",
  "error InvalidDelegator()",
  "error InvalidAuthority()",
  "error InvalidEOASignature()",
  "error InvalidERC1271Signature()",
  "error AlreadyDisabled()",
  "error EmptySignature()",
  "error BatchDataLengthMismatch()",
]);

/** MultiTokenPeriodEnforcer v1.3.0: what is left this period. @internal */
export const multiTokenPeriodEnforcerAbi = parseAbi([
  "function getAvailableAmount(bytes32 _delegationHash, address _delegationManager, bytes _terms, bytes _args) view returns (uint256 availableAmount_, bool isNewPeriod_, uint256 currentPeriod_)",
]);

/** The ABI type of one delegation chain (`abi.encode(Delegation[])`, the permission context). @internal */
export const delegationChainParameters = [
  {
    type: "tuple[]",
    components: [
      { name: "delegate", type: "address" },
      { name: "delegator", type: "address" },
      { name: "authority", type: "bytes32" },
      {
        name: "caveats",
        type: "tuple[]",
        components: [
          { name: "enforcer", type: "address" },
          { name: "terms", type: "bytes" },
          { name: "args", type: "bytes" },
        ],
      },
      { name: "salt", type: "uint256" },
      { name: "signature", type: "bytes" },
    ],
  },
] as const;
