// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// Mento v3 swap contracts: STAND-INS for the offline devnet, written from Mento v3's public interfaces
// (IRouter, IFPMM / IRPool, IFactoryRegistry); NOT Mento's code. Mento v3's Router (a fork of Aerodrome's
// router) and FPMM bytecode is not published on the npm registry, so the devnet places these at the mainnet
// addresses: Router 0x4861840C2EfB2b98312B0aE34d86fD73E8f9B6f6, FPMMFactory 0xa849b475FE5a4B5C9C3280152c7a1945b907613b,
// USDm/USDC FPMM 0x462fe04b4FD719Cbd04C0310365D421D02AaA19E (the other pools: see src/protocols/mento.ts).
//
// The same as mainnet:
// - Router: `getAmountsOut(uint256, Route[])`, `swapExactTokensForTokens(uint256, uint256, Route[], address,
//   uint256)`, `sortTokens`, `poolFor`, `getReserves`, `factoryRegistry`, `defaultFactory`, Route = (from, to,
//   factory), factory zero = the default factory; every custom error of IRouter, with `Expired()` for a passed
//   deadline and `InsufficientOutputAmount()` below `amountOutMin`; the tokens go straight from the sender to the
//   first pool and from pool to pool.
// - FPMM: `getAmountOut(amountIn, tokenIn)` prices at the oracle rate minus lpFee + protocolFee (basis points),
//   with no price impact; `swap(amount0Out, amount1Out, to, data)`, `getReserves()`, `token0/token1`,
//   `decimals0/decimals1`, `lpFee`, `protocolFee`, the errors `InvalidToken`, `InsufficientOutputAmount`,
//   `InsufficientLiquidity`, `InvalidToAddress`, `InsufficientInputAmount`, `ReserveValueDecreased`, and the
//   events `Swap`, `Mint`, `UpdateReserves`.
//
// What differs from mainnet:
// - The rate is stored in the pool (`rateNumerator / rateDenominator`: whole token1 per whole token0) and anyone
//   may set it (`setRate`; the devnet helper `setMentoRate` does): mainnet reads it from Mento's OracleAdapter
//   (SortedOracles, breakers, trading modes).
// - No trading limits, no circuit breaker, no rebalancing (`rebalance`, thresholds, incentives), no flash-swap
//   callback (`data` is ignored), no LP token (`mint` only books the reserves), no `burn`, no protocol-fee
//   transfer (both fees stay in the pool).
// - The router has no liquidity, zap, ETH or fee-on-transfer functions, no ERC-2771 forwarder; the factory and
//   registry have only what the router reads (`getPool`, `isPool`, `getOrPrecomputeProxyAddress`,
//   `isPoolFactoryApproved`), plus open `register` / `approve` used to set the devnet up.
// - Contracts are placed as runtime code and set up with `initialize` (no proxies, no owners); gas use is not
//   representative.

interface IMentoStandInToken {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
    function decimals() external view returns (uint8);
}

contract MentoFactoryRegistryStandIn {
    mapping(address => bool) public isPoolFactoryApproved;

    function approve(address poolFactory) external {
        isPoolFactoryApproved[poolFactory] = true;
    }
}

contract MentoFPMMFactoryStandIn {
    mapping(address => mapping(address => address)) private pools;
    mapping(address => bool) public isPool;

    function register(address tokenA, address tokenB, address pool) external {
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        pools[token0][token1] = pool;
        isPool[pool] = true;
    }

    function getPool(address tokenA, address tokenB) public view returns (address) {
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        return pools[token0][token1];
    }

    /// The registered pool, or (as the router expects of a factory) a deterministic address where none exists.
    function getOrPrecomputeProxyAddress(address tokenA, address tokenB) external view returns (address pool) {
        pool = getPool(tokenA, tokenB);
        if (pool == address(0)) {
            (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
            pool = address(uint160(uint256(keccak256(abi.encode(address(this), token0, token1)))));
        }
    }
}

contract MentoFPMMStandIn {
    uint256 public constant BASIS_POINTS_DENOMINATOR = 10_000;

    address public token0;
    address public token1;
    uint256 public decimals0;
    uint256 public decimals1;
    uint256 public reserve0;
    uint256 public reserve1;
    uint256 public blockTimestampLast;
    uint256 public lpFee;
    uint256 public protocolFee;
    uint256 public rateNumerator;
    uint256 public rateDenominator;

    error AlreadyInitialized();
    error InvalidToken();
    error InsufficientOutputAmount();
    error InsufficientLiquidity();
    error InvalidToAddress();
    error InsufficientInputAmount();
    error ReserveValueDecreased();
    error ReferenceRateNotSet();

    event Mint(address indexed sender, uint256 amount0, uint256 amount1, uint256 liquidity, address indexed to);
    event Swap(
        address indexed sender,
        uint256 amount0In,
        uint256 amount1In,
        uint256 amount0Out,
        uint256 amount1Out,
        address indexed to
    );
    event UpdateReserves(uint256 reserve0, uint256 reserve1, uint256 blockTimestamp);

    function initialize(
        address token0_,
        address token1_,
        uint256 lpFee_,
        uint256 protocolFee_,
        uint256 rateNumerator_,
        uint256 rateDenominator_
    ) external {
        if (token0 != address(0)) revert AlreadyInitialized();
        if (token0_ >= token1_) revert InvalidToken();
        token0 = token0_;
        token1 = token1_;
        decimals0 = 10 ** IMentoStandInToken(token0_).decimals();
        decimals1 = 10 ** IMentoStandInToken(token1_).decimals();
        lpFee = lpFee_;
        protocolFee = protocolFee_;
        _setRate(rateNumerator_, rateDenominator_);
    }

    /// Devnet only: the oracle rate, whole token1 per whole token0 = numerator / denominator.
    function setRate(uint256 rateNumerator_, uint256 rateDenominator_) external {
        _setRate(rateNumerator_, rateDenominator_);
    }

    function tokens() external view returns (address, address) {
        return (token0, token1);
    }

    function getReserves() external view returns (uint256, uint256, uint256) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    function getAmountOut(uint256 amountIn, address tokenIn) public view returns (uint256) {
        if (tokenIn != token0 && tokenIn != token1) revert InvalidToken();
        if (amountIn == 0) return 0;
        uint256 kept = amountIn * (BASIS_POINTS_DENOMINATOR - lpFee - protocolFee);
        if (tokenIn == token0) {
            return (kept * rateNumerator * decimals1) / (rateDenominator * decimals0 * BASIS_POINTS_DENOMINATOR);
        }
        return (kept * rateDenominator * decimals0) / (rateNumerator * decimals1 * BASIS_POINTS_DENOMINATOR);
    }

    /// Books tokens sent to the pool as reserves (liquidity is the sum of the amounts; no LP token is minted).
    function mint(address to) external returns (uint256 liquidity) {
        uint256 balance0 = IMentoStandInToken(token0).balanceOf(address(this));
        uint256 balance1 = IMentoStandInToken(token1).balanceOf(address(this));
        uint256 amount0 = balance0 - reserve0;
        uint256 amount1 = balance1 - reserve1;
        liquidity = amount0 + amount1;
        _update(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1, liquidity, to);
    }

    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata) external {
        if (amount0Out == 0 && amount1Out == 0) revert InsufficientOutputAmount();
        if (amount0Out >= reserve0 || amount1Out >= reserve1) revert InsufficientLiquidity();
        if (to == token0 || to == token1) revert InvalidToAddress();
        if (amount0Out > 0) IMentoStandInToken(token0).transfer(to, amount0Out);
        if (amount1Out > 0) IMentoStandInToken(token1).transfer(to, amount1Out);
        uint256 balance0 = IMentoStandInToken(token0).balanceOf(address(this));
        uint256 balance1 = IMentoStandInToken(token1).balanceOf(address(this));
        uint256 amount0In = balance0 > reserve0 - amount0Out ? balance0 - (reserve0 - amount0Out) : 0;
        uint256 amount1In = balance1 > reserve1 - amount1Out ? balance1 - (reserve1 - amount1Out) : 0;
        if (amount0In == 0 && amount1In == 0) revert InsufficientInputAmount();
        // At the oracle rate after fees, what came in must be worth at least what went out.
        if (amount1Out > 0 && getAmountOut(amount0In, token0) < amount1Out) revert ReserveValueDecreased();
        if (amount0Out > 0 && getAmountOut(amount1In, token1) < amount0Out) revert ReserveValueDecreased();
        _update(balance0, balance1);
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    function _setRate(uint256 rateNumerator_, uint256 rateDenominator_) private {
        if (rateNumerator_ == 0 || rateDenominator_ == 0) revert ReferenceRateNotSet();
        rateNumerator = rateNumerator_;
        rateDenominator = rateDenominator_;
    }

    function _update(uint256 balance0, uint256 balance1) private {
        reserve0 = balance0;
        reserve1 = balance1;
        blockTimestampLast = block.timestamp;
        emit UpdateReserves(balance0, balance1, block.timestamp);
    }
}

contract MentoRouterStandIn {
    struct Route {
        address from;
        address to;
        address factory;
    }

    address public factoryRegistry;
    address public defaultFactory;

    error ETHTransferFailed();
    error Expired();
    error InsufficientAmount();
    error InsufficientAmountA();
    error InsufficientAmountB();
    error InsufficientAmountADesired();
    error InsufficientAmountBDesired();
    error InsufficientAmountAOptimal();
    error InsufficientLiquidity();
    error InsufficientOutputAmount();
    error InvalidAmountInForETHDeposit();
    error InvalidTokenInForETHDeposit();
    error InvalidPath();
    error InvalidRouteA();
    error InvalidRouteB();
    error OnlyWETH();
    error PoolDoesNotExist();
    error PoolFactoryDoesNotExist();
    error SameAddresses();
    error ZeroAddress();

    /// Devnet set-up (mainnet sets these as constructor immutables).
    function initialize(address factoryRegistry_, address defaultFactory_) external {
        if (factoryRegistry != address(0)) revert InvalidPath();
        if (factoryRegistry_ == address(0) || defaultFactory_ == address(0)) revert ZeroAddress();
        factoryRegistry = factoryRegistry_;
        defaultFactory = defaultFactory_;
    }

    function sortTokens(address tokenA, address tokenB) public pure returns (address token0, address token1) {
        if (tokenA == tokenB) revert SameAddresses();
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert ZeroAddress();
    }

    function poolFor(address tokenA, address tokenB, address _factory) public view returns (address pool) {
        address factory = _factory == address(0) ? defaultFactory : _factory;
        if (!MentoFactoryRegistryStandIn(factoryRegistry).isPoolFactoryApproved(factory)) {
            revert PoolFactoryDoesNotExist();
        }
        sortTokens(tokenA, tokenB);
        pool = MentoFPMMFactoryStandIn(factory).getOrPrecomputeProxyAddress(tokenA, tokenB);
    }

    function getReserves(address tokenA, address tokenB, address _factory)
        external
        view
        returns (uint256 reserveA, uint256 reserveB)
    {
        (address token0,) = sortTokens(tokenA, tokenB);
        (uint256 reserve0, uint256 reserve1,) = MentoFPMMStandIn(poolFor(tokenA, tokenB, _factory)).getReserves();
        (reserveA, reserveB) = tokenA == token0 ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    function getAmountsOut(uint256 amountIn, Route[] memory routes) public view returns (uint256[] memory amounts) {
        if (routes.length < 1) revert InvalidPath();
        amounts = new uint256[](routes.length + 1);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < routes.length; i++) {
            address factory = routes[i].factory == address(0) ? defaultFactory : routes[i].factory;
            address pool = poolFor(routes[i].from, routes[i].to, factory);
            if (!MentoFPMMFactoryStandIn(factory).isPool(pool)) revert PoolDoesNotExist();
            amounts[i + 1] = MentoFPMMStandIn(pool).getAmountOut(amounts[i], routes[i].from);
        }
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts) {
        if (deadline < block.timestamp) revert Expired();
        amounts = getAmountsOut(amountIn, routes);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        address pool = poolFor(routes[0].from, routes[0].to, routes[0].factory);
        if (!IMentoStandInToken(routes[0].from).transferFrom(msg.sender, pool, amounts[0])) revert InsufficientAmount();
        for (uint256 i = 0; i < routes.length; i++) {
            (address token0,) = sortTokens(routes[i].from, routes[i].to);
            (uint256 amount0Out, uint256 amount1Out) =
                routes[i].from == token0 ? (uint256(0), amounts[i + 1]) : (amounts[i + 1], uint256(0));
            address next = i < routes.length - 1 ? poolFor(routes[i + 1].from, routes[i + 1].to, routes[i + 1].factory) : to;
            MentoFPMMStandIn(pool).swap(amount0Out, amount1Out, next, new bytes(0));
            pool = next;
        }
    }
}
