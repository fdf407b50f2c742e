import { createRequire } from "node:module";
import type { Abi, Hex } from "viem";

/**
 * A small test contract: `tip` pulls an ERC-20 amount from the caller with `transferFrom` (the action of
 * an approve-then-act flow) and records a note; `donate` is payable; `tipped` is a view.
 */
export const TIP_JAR_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface IERC20 {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

contract TipJar {
    mapping(address => mapping(address => uint256)) public tipped;
    uint256 public donations;
    string public lastNote;

    event Tipped(address indexed from, address indexed token, uint256 amount, string note);

    function tip(address token, uint256 amount, string calldata note) external {
        require(IERC20(token).transferFrom(msg.sender, address(this), amount), "transferFrom failed");
        tipped[msg.sender][token] += amount;
        lastNote = note;
        emit Tipped(msg.sender, token, amount, note);
    }

    function donate() external payable {
        donations += msg.value;
    }
}
`;

/** Compiles {@link TIP_JAR_SOURCE} with the solc npm package (0.8.30). */
export function compileTipJar(): { abi: Abi; bytecode: Hex } {
  const require = createRequire(import.meta.url);
  const solc = require("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { "TipJar.sol": { content: TIP_JAR_SOURCE } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join("\n"));
  const contract = output.contracts["TipJar.sol"]!.TipJar!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}
