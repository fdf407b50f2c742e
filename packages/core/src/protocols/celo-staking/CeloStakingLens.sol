// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// A read-only lens over Celo's core contracts (Accounts, LockedGold, Election, Validators, Governance at their
// mainnet proxy addresses), never deployed: preflow sends its creation code in ONE `eth_call` without `to`, the
// constructor makes the reads (some depend on others: the groups an account voted for, then its votes for each)
// and returns their ABI encoding as the "deployed code". So a staking or governance read or `prepare*` costs one
// HTTP request on any node. Each view below is what one mode returns; its outputs decode the answer.

interface IAccounts {
    function isAccount(address account) external view returns (bool);
    function getName(address account) external view returns (string memory);
}

interface ILockedGold {
    function getAccountTotalLockedGold(address account) external view returns (uint256);
    function getAccountNonvotingLockedGold(address account) external view returns (uint256);
    function getPendingWithdrawals(address account) external view returns (uint256[] memory, uint256[] memory);
    function unlockingPeriod() external view returns (uint256);
    function getAccountTotalDelegatedFraction(address account) external view returns (uint256);
    function getAccountTotalGovernanceVotingPower(address account) external view returns (uint256);
    function getDelegateesOfDelegator(address delegator) external view returns (address[] memory);
    function getDelegatorDelegateeInfo(address delegator, address delegatee) external view returns (uint256, uint256);
}

interface IElection {
    function getGroupsVotedForByAccount(address account) external view returns (address[] memory);
    function getPendingVotesForGroupByAccount(address group, address account) external view returns (uint256);
    function getActiveVotesForGroupByAccount(address group, address account) external view returns (uint256);
    function hasActivatablePendingVotes(address account, address group) external view returns (bool);
    function getTotalVotesForEligibleValidatorGroups() external view returns (address[] memory, uint256[] memory);
    function getNumVotesReceivable(address group) external view returns (uint256);
    function getTotalVotesForGroup(address group) external view returns (uint256);
    function getGroupEligibility(address group) external view returns (bool);
    function maxNumGroupsVotedFor() external view returns (uint256);
    function getEpochNumber() external view returns (uint256);
}

interface IValidators {
    function getRegisteredValidatorGroups() external view returns (address[] memory);
    function getValidatorGroup(address account)
        external
        view
        returns (address[] memory, uint256, uint256, uint256, uint256[] memory, uint256, uint256);
}

interface IGovernance {
    function getQueue() external view returns (uint256[] memory, uint256[] memory);
    function getDequeue() external view returns (uint256[] memory);
    function getProposal(uint256 proposalId)
        external
        view
        returns (address, uint256, uint256, uint256, string memory, uint256, bool);
    function getProposalStage(uint256 proposalId) external view returns (uint8);
    function getVoteTotals(uint256 proposalId) external view returns (uint256, uint256, uint256);
    function getUpvoteRecord(address account) external view returns (uint256, uint256);
    function getVoteRecord(address account, uint256 index)
        external
        view
        returns (uint256, uint256, uint256, uint256, uint256, uint256);
    function isVoting(address account) external view returns (bool);
    function getAmountOfGoldUsedForVoting(address account) external view returns (uint256);
    function proposalCount() external view returns (uint256);
    function stageDurations() external view returns (uint256, uint256, uint256);
    function queueExpiry() external view returns (uint256);
    function dequeueFrequency() external view returns (uint256);
    function lastDequeue() external view returns (uint256);
    function concurrentProposals() external view returns (uint256);
}

contract CeloStakingLens {
    IAccounts private constant ACCOUNTS = IAccounts(0x7d21685C17607338b313a7174bAb6620baD0aaB7);
    ILockedGold private constant LOCKED_GOLD = ILockedGold(0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E);
    IElection private constant ELECTION = IElection(0x8D6677192144292870907E3Fa8A5527fE55A7ff6);
    IValidators private constant VALIDATORS = IValidators(0xaEb865bCa93DdC8F47b8e29F40C5399cE34d0C58);
    IGovernance private constant GOVERNANCE = IGovernance(0xD533Ca259b330c7A88f74E000a3FaEa2d63B7972);

    struct GroupVote {
        address group;
        uint256 pending;
        uint256 active;
        bool activatable;
    }

    struct EligibleGroup {
        address group;
        uint256 votes;
        uint256 receivable;
    }

    struct Delegation {
        address delegatee;
        uint256 fraction;
        uint256 amount;
    }

    struct AccountState {
        uint256 blockNumber;
        uint256 timestamp;
        uint256 balance;
        bool isAccount;
        uint256 totalLocked;
        uint256 nonvoting;
        uint256[] withdrawalValues;
        uint256[] withdrawalTimes;
        GroupVote[] votes;
        EligibleGroup[] eligible;
        uint256 epoch;
        uint256 unlockingPeriod;
        uint256 maxGroupsVotedFor;
        bool governanceVoting;
        uint256 governanceVotesUsed;
        uint256 upvotedProposal;
        uint256 upvoteWeight;
        uint256 delegatedFraction;
        uint256 governanceVotingPower;
        Delegation[] delegations;
    }

    struct Group {
        address group;
        string name;
        address[] members;
        uint256 commission;
        uint256 votes;
        uint256 receivable;
        bool eligible;
    }

    struct Proposal {
        uint256 id;
        address proposer;
        uint256 deposit;
        uint256 timestamp;
        uint256 transactionCount;
        string descriptionUrl;
        bool approved;
        uint8 stage;
        uint256 upvotes;
        uint256 yes;
        uint256 no;
        uint256 abstain;
        bool queued;
        uint256 dequeueIndex;
        bool dequeued;
        uint256 accountYes;
        uint256 accountNo;
        uint256 accountAbstain;
    }

    struct GovernanceState {
        uint256 blockNumber;
        uint256 timestamp;
        uint256 proposalCount;
        uint256[] queue;
        uint256[] queueUpvotes;
        uint256[] dequeue;
        Proposal[] proposals;
        uint256 referendumDuration;
        uint256 executionDuration;
        uint256 queueExpiry;
        uint256 dequeueFrequency;
        uint256 lastDequeue;
        uint256 concurrentProposals;
        bool accountIsAccount;
        uint256 accountLocked;
        uint256 accountVotingPower;
        uint256 accountUpvotedProposal;
        uint256 accountUpvoteWeight;
        bool accountVoting;
    }

    /// @param mode 0: `accountState(account)`; 1: `groups()`; 2: `governanceState(account, proposalId)`.
    constructor(uint256 mode, address account, uint256 proposalId) {
        bytes memory out;
        if (mode == 0) out = abi.encode(accountState(account));
        else if (mode == 1) out = abi.encode(groups());
        else out = abi.encode(governanceState(account, proposalId));
        assembly {
            return(add(out, 32), mload(out))
        }
    }

    function accountState(address account) public view returns (AccountState memory s) {
        s.blockNumber = block.number;
        s.timestamp = block.timestamp;
        s.balance = account.balance;
        s.isAccount = ACCOUNTS.isAccount(account);
        s.epoch = ELECTION.getEpochNumber();
        s.unlockingPeriod = LOCKED_GOLD.unlockingPeriod();
        s.maxGroupsVotedFor = ELECTION.maxNumGroupsVotedFor();
        (address[] memory eligible, uint256[] memory totals) = ELECTION.getTotalVotesForEligibleValidatorGroups();
        s.eligible = new EligibleGroup[](eligible.length);
        for (uint256 i = 0; i < eligible.length; i++) {
            s.eligible[i] = EligibleGroup(eligible[i], totals[i], ELECTION.getNumVotesReceivable(eligible[i]));
        }
        if (!s.isAccount) return s;
        s.totalLocked = LOCKED_GOLD.getAccountTotalLockedGold(account);
        s.nonvoting = LOCKED_GOLD.getAccountNonvotingLockedGold(account);
        (s.withdrawalValues, s.withdrawalTimes) = LOCKED_GOLD.getPendingWithdrawals(account);
        address[] memory voted = ELECTION.getGroupsVotedForByAccount(account);
        s.votes = new GroupVote[](voted.length);
        for (uint256 i = 0; i < voted.length; i++) {
            s.votes[i] = GroupVote(
                voted[i],
                ELECTION.getPendingVotesForGroupByAccount(voted[i], account),
                ELECTION.getActiveVotesForGroupByAccount(voted[i], account),
                ELECTION.hasActivatablePendingVotes(account, voted[i])
            );
        }
        s.governanceVoting = GOVERNANCE.isVoting(account);
        s.governanceVotesUsed = GOVERNANCE.getAmountOfGoldUsedForVoting(account);
        (s.upvotedProposal, s.upvoteWeight) = GOVERNANCE.getUpvoteRecord(account);
        s.delegatedFraction = LOCKED_GOLD.getAccountTotalDelegatedFraction(account);
        s.governanceVotingPower = LOCKED_GOLD.getAccountTotalGovernanceVotingPower(account);
        address[] memory delegatees = LOCKED_GOLD.getDelegateesOfDelegator(account);
        s.delegations = new Delegation[](delegatees.length);
        for (uint256 i = 0; i < delegatees.length; i++) {
            (uint256 fraction, uint256 amount) = LOCKED_GOLD.getDelegatorDelegateeInfo(account, delegatees[i]);
            s.delegations[i] = Delegation(delegatees[i], fraction, amount);
        }
    }

    function groups() public view returns (Group[] memory list) {
        address[] memory registered = VALIDATORS.getRegisteredValidatorGroups();
        list = new Group[](registered.length);
        for (uint256 i = 0; i < registered.length; i++) {
            address group = registered[i];
            (address[] memory members, uint256 commission,,,,,) = VALIDATORS.getValidatorGroup(group);
            list[i] = Group(
                group,
                ACCOUNTS.getName(group),
                members,
                commission,
                ELECTION.getTotalVotesForGroup(group),
                ELECTION.getNumVotesReceivable(group),
                ELECTION.getGroupEligibility(group)
            );
        }
    }

    function governanceState(address account, uint256 proposalId) public view returns (GovernanceState memory s) {
        s.blockNumber = block.number;
        s.timestamp = block.timestamp;
        s.proposalCount = GOVERNANCE.proposalCount();
        (s.queue, s.queueUpvotes) = GOVERNANCE.getQueue();
        s.dequeue = GOVERNANCE.getDequeue();
        (, s.referendumDuration, s.executionDuration) = GOVERNANCE.stageDurations();
        s.queueExpiry = GOVERNANCE.queueExpiry();
        s.dequeueFrequency = GOVERNANCE.dequeueFrequency();
        s.lastDequeue = GOVERNANCE.lastDequeue();
        s.concurrentProposals = GOVERNANCE.concurrentProposals();
        uint256 count = s.queue.length;
        for (uint256 i = 0; i < s.dequeue.length; i++) if (s.dequeue[i] != 0) count++;
        bool extra = proposalId != 0 && !_listed(s, proposalId);
        s.proposals = new Proposal[](count + (extra ? 1 : 0));
        uint256 n = 0;
        for (uint256 i = 0; i < s.queue.length; i++) {
            s.proposals[n++] = _proposal(account, s.queue[i], s.queueUpvotes[i], true, 0, false);
        }
        for (uint256 i = 0; i < s.dequeue.length; i++) {
            if (s.dequeue[i] != 0) s.proposals[n++] = _proposal(account, s.dequeue[i], 0, false, i, true);
        }
        if (extra) s.proposals[n] = _proposal(account, proposalId, 0, false, 0, false);
        if (account != address(0)) {
            s.accountIsAccount = ACCOUNTS.isAccount(account);
            if (s.accountIsAccount) {
                s.accountLocked = LOCKED_GOLD.getAccountTotalLockedGold(account);
                s.accountVotingPower = LOCKED_GOLD.getAccountTotalGovernanceVotingPower(account);
            }
            (s.accountUpvotedProposal, s.accountUpvoteWeight) = GOVERNANCE.getUpvoteRecord(account);
            s.accountVoting = GOVERNANCE.isVoting(account);
        }
    }

    function _listed(GovernanceState memory s, uint256 id) private pure returns (bool) {
        for (uint256 i = 0; i < s.queue.length; i++) if (s.queue[i] == id) return true;
        for (uint256 i = 0; i < s.dequeue.length; i++) if (s.dequeue[i] == id) return true;
        return false;
    }

    function _proposal(address account, uint256 id, uint256 upvotes, bool queued, uint256 index, bool dequeued)
        private
        view
        returns (Proposal memory p)
    {
        p.id = id;
        (p.proposer, p.deposit, p.timestamp, p.transactionCount, p.descriptionUrl,, p.approved) =
            GOVERNANCE.getProposal(id);
        p.stage = GOVERNANCE.getProposalStage(id);
        (p.yes, p.no, p.abstain) = GOVERNANCE.getVoteTotals(id);
        p.upvotes = upvotes;
        p.queued = queued;
        p.dequeueIndex = index;
        p.dequeued = dequeued;
        if (dequeued && account != address(0)) {
            (uint256 votedId,,, uint256 yes, uint256 no, uint256 abstain) = GOVERNANCE.getVoteRecord(account, index);
            if (votedId == id) (p.accountYes, p.accountNo, p.accountAbstain) = (yes, no, abstain);
        }
    }
}

// The calls a staking or governance `prepare*` makes, computed on chain from the same state the lens reads (the
// parts of their calldata that depend on it: sorted-list neighbours, indices, which withdrawals and relocks), so
// that the fee plan simulates the real steps in the SAME request as the lens read: preflow sends this creation
// code as the first call of the fee plan's `eth_simulateV1` block, deployed by the generic step runner
// (src/fees/PlannedStepRunner.sol), whose later calls run each planned call as its own transaction. The
// TypeScript plans (stakingOperations.ts, governanceOperations.ts, delegation.ts) stay what builds the flow; the
// fee plan uses these calls only where they match the flow's steps exactly (else it reads the fee in a second
// request). It plans what the TypeScript plans where that does not refuse; where it refuses, what this returns is
// never used.
interface IAccountsWrite {
    function createAccount() external returns (bool);
}

interface ILockedGoldWrite {
    function lock() external payable;
    function unlock(uint256 value) external;
    function relock(uint256 index, uint256 value) external;
    function withdraw(uint256 index) external;
    function delegateGovernanceVotes(address delegatee, uint256 delegateFraction) external;
    function revokeDelegatedGovernanceVotes(address delegatee, uint256 revokeFraction) external;
}

interface IElectionWrite {
    function vote(address group, uint256 value, address lesser, address greater) external returns (bool);
    function activate(address group) external returns (bool);
    function revokePending(address group, uint256 value, address lesser, address greater, uint256 index)
        external
        returns (bool);
    function revokeActive(address group, uint256 value, address lesser, address greater, uint256 index)
        external
        returns (bool);
}

interface IGovernanceWrite {
    function upvote(uint256 proposalId, uint256 lesser, uint256 greater) external returns (bool);
    function revokeUpvote(uint256 lesser, uint256 greater) external returns (bool);
    function vote(uint256 proposalId, uint256 index, uint8 value) external returns (bool);
}

contract CeloStakingPlanner {
    address private constant ACCOUNTS = 0x7d21685C17607338b313a7174bAb6620baD0aaB7;
    address private constant LOCKED_GOLD = 0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E;
    address private constant ELECTION = 0x8D6677192144292870907E3Fa8A5527fE55A7ff6;
    address private constant GOVERNANCE = 0xD533Ca259b330c7A88f74E000a3FaEa2d63B7972;

    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    Call[] private calls;

    /// @param op 0 lock, 1 relock, 2 unlock, 3 withdraw, 4 vote, 5 revoke, 6 activate, 7 governance vote,
    /// 8 upvote, 9 revoke the upvote, 10 delegate, 11 undelegate; `params` its input, ABI-encoded.
    constructor(uint256 op, address account, bytes memory params) {
        if (op == 0) _lock(account, abi.decode(params, (uint256)));
        else if (op == 1) _relock(account, abi.decode(params, (uint256)));
        else if (op == 2) _add(LOCKED_GOLD, 0, abi.encodeCall(ILockedGoldWrite.unlock, (abi.decode(params, (uint256)))));
        else if (op == 3) _withdraw(account);
        else if (op == 4) _vote(params);
        else if (op == 5) _revoke(account, params);
        else if (op == 6) _activate(account, abi.decode(params, (address)));
        else if (op == 7) _governanceVote(params);
        else if (op == 8) _upvote(account, abi.decode(params, (uint256)));
        else if (op == 9) _revokeUpvote(account);
        else {
            (address to, uint256 fraction) = abi.decode(params, (address, uint256));
            _add(
                LOCKED_GOLD,
                0,
                op == 10
                    ? abi.encodeCall(ILockedGoldWrite.delegateGovernanceVotes, (to, fraction))
                    : abi.encodeCall(ILockedGoldWrite.revokeDelegatedGovernanceVotes, (to, fraction))
            );
        }
        bytes memory out = abi.encode(calls);
        assembly {
            return(add(out, 32), mload(out))
        }
    }

    function _add(address to, uint256 value, bytes memory data) private {
        calls.push(Call(to, value, data));
    }

    function _lock(address account, uint256 amount) private {
        if (!IAccounts(ACCOUNTS).isAccount(account)) _add(ACCOUNTS, 0, abi.encodeCall(IAccountsWrite.createAccount, ()));
        uint256 relocked = _relock(account, amount);
        if (amount > relocked) _add(LOCKED_GOLD, amount - relocked, abi.encodeCall(ILockedGoldWrite.lock, ()));
    }

    /// relockCalls.ts: the pending withdrawals, last index first, up to `amount`; returns what they relock.
    function _relock(address account, uint256 amount) private returns (uint256 total) {
        if (!IAccounts(ACCOUNTS).isAccount(account)) return 0;
        (uint256[] memory values,) = ILockedGold(LOCKED_GOLD).getPendingWithdrawals(account);
        for (uint256 i = values.length; i > 0 && total < amount; i--) {
            uint256 left = amount - total;
            uint256 value = values[i - 1] < left ? values[i - 1] : left;
            if (value == 0) continue;
            _add(LOCKED_GOLD, 0, abi.encodeCall(ILockedGoldWrite.relock, (i - 1, value)));
            total += value;
        }
    }

    function _withdraw(address account) private {
        if (!IAccounts(ACCOUNTS).isAccount(account)) return;
        (, uint256[] memory times) = ILockedGold(LOCKED_GOLD).getPendingWithdrawals(account);
        for (uint256 i = times.length; i > 0; i--) {
            if (block.timestamp >= times[i - 1]) {
                _add(LOCKED_GOLD, 0, abi.encodeCall(ILockedGoldWrite.withdraw, (i - 1)));
            }
        }
    }

    function _vote(bytes memory params) private {
        (address group, uint256 amount) = abi.decode(params, (address, uint256));
        (address lesser, address greater) = _groupNeighbours(group, _groupVotes(group, 0) + amount);
        _add(ELECTION, 0, abi.encodeCall(IElectionWrite.vote, (group, amount, lesser, greater)));
    }

    function _revoke(address account, bytes memory params) private {
        (address group, uint256 amount) = abi.decode(params, (address, uint256));
        address[] memory voted = IElection(ELECTION).getGroupsVotedForByAccount(account);
        uint256 index = 0;
        while (index < voted.length && voted[index] != group) index++;
        uint256 pending = IElection(ELECTION).getPendingVotesForGroupByAccount(group, account);
        uint256 active = IElection(ELECTION).getActiveVotesForGroupByAccount(group, account);
        uint256 total = _groupVotes(group, pending + active);
        uint256 fromPending = pending < amount ? pending : amount;
        if (fromPending > 0) {
            total -= fromPending;
            (address lesser, address greater) = _groupNeighbours(group, total);
            _add(
                ELECTION, 0, abi.encodeCall(IElectionWrite.revokePending, (group, fromPending, lesser, greater, index))
            );
        }
        if (amount > fromPending) {
            total -= amount - fromPending;
            (address lesser, address greater) = _groupNeighbours(group, total);
            _add(
                ELECTION,
                0,
                abi.encodeCall(IElectionWrite.revokeActive, (group, amount - fromPending, lesser, greater, index))
            );
        }
    }

    function _activate(address account, address group) private {
        address[] memory voted = IElection(ELECTION).getGroupsVotedForByAccount(account);
        for (uint256 i = 0; i < voted.length; i++) {
            if (group != address(0) && voted[i] != group) continue;
            if (IElection(ELECTION).hasActivatablePendingVotes(account, voted[i])) {
                _add(ELECTION, 0, abi.encodeCall(IElectionWrite.activate, (voted[i])));
            }
        }
    }

    function _governanceVote(bytes memory params) private {
        (uint256 proposalId, uint8 value) = abi.decode(params, (uint256, uint8));
        uint256[] memory dequeue = IGovernance(GOVERNANCE).getDequeue();
        uint256 index = 0;
        while (index < dequeue.length && dequeue[index] != proposalId) index++;
        _add(GOVERNANCE, 0, abi.encodeCall(IGovernanceWrite.vote, (proposalId, index, value)));
    }

    function _upvote(address account, uint256 proposalId) private {
        (uint256[] memory ids, uint256[] memory upvotes) = IGovernance(GOVERNANCE).getQueue();
        uint256 weight = IAccounts(ACCOUNTS).isAccount(account)
            ? ILockedGold(LOCKED_GOLD).getAccountTotalLockedGold(account)
            : 0;
        uint256 current = 0;
        for (uint256 i = 0; i < ids.length; i++) if (ids[i] == proposalId) current = upvotes[i];
        (uint256 lesser, uint256 greater) = _queueNeighbours(ids, upvotes, proposalId, current + weight);
        _add(GOVERNANCE, 0, abi.encodeCall(IGovernanceWrite.upvote, (proposalId, lesser, greater)));
    }

    function _revokeUpvote(address account) private {
        (uint256 proposalId, uint256 weight) = IGovernance(GOVERNANCE).getUpvoteRecord(account);
        (uint256[] memory ids, uint256[] memory upvotes) = IGovernance(GOVERNANCE).getQueue();
        (uint256 lesser, uint256 greater) = (0, 0);
        for (uint256 i = 0; i < ids.length; i++) {
            if (ids[i] == proposalId && upvotes[i] >= weight) {
                (lesser, greater) = _queueNeighbours(ids, upvotes, proposalId, upvotes[i] - weight);
            }
        }
        _add(GOVERNANCE, 0, abi.encodeCall(IGovernanceWrite.revokeUpvote, (lesser, greater)));
    }

    /// `group`'s total votes in Election's eligible list, `otherwise` when it is not eligible.
    function _groupVotes(address group, uint256 otherwise) private view returns (uint256) {
        (address[] memory groups, uint256[] memory votes) = IElection(ELECTION).getTotalVotesForEligibleValidatorGroups();
        for (uint256 i = 0; i < groups.length; i++) if (groups[i] == group) return votes[i];
        return otherwise;
    }

    /// neighbours.ts's groupNeighbours: the eligible groups but `group` (descending, as Election lists them).
    function _groupNeighbours(address group, uint256 votes) private view returns (address lesser, address greater) {
        (address[] memory groups, uint256[] memory totals) = IElection(ELECTION).getTotalVotesForEligibleValidatorGroups();
        for (uint256 i = 0; i < groups.length; i++) {
            if (groups[i] == group) continue;
            if (totals[i] <= votes) return (groups[i], greater);
            greater = groups[i];
        }
        return (address(0), greater);
    }

    /// neighbours.ts's queueNeighbours: the queue but `proposalId`, sorted by upvotes descending (stable).
    function _queueNeighbours(uint256[] memory ids, uint256[] memory upvotes, uint256 proposalId, uint256 value)
        private
        pure
        returns (uint256 lesser, uint256 greater)
    {
        uint256 n = 0;
        uint256[] memory sortedIds = new uint256[](ids.length);
        uint256[] memory sortedUpvotes = new uint256[](ids.length);
        for (uint256 i = 0; i < ids.length; i++) {
            if (ids[i] == proposalId) continue;
            uint256 at = n++;
            while (at > 0 && sortedUpvotes[at - 1] < upvotes[i]) {
                sortedIds[at] = sortedIds[at - 1];
                sortedUpvotes[at] = sortedUpvotes[at - 1];
                at--;
            }
            sortedIds[at] = ids[i];
            sortedUpvotes[at] = upvotes[i];
        }
        for (uint256 i = 0; i < n; i++) {
            if (sortedUpvotes[i] <= value) return (sortedIds[i], greater);
            greater = sortedIds[i];
        }
        return (0, greater);
    }
}
