// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// GoodDollar's Mento reserve on Celo: STAND-INS for the offline devnet, written from the interfaces
// `@gooddollar/goodprotocol` 2.2.1 publishes (contracts/MentoInterfaces.sol: IBroker, IBancorExchangeProvider,
// IGoodDollarExchangeProvider, IMentoReserve); NOT Mento's code. The Broker, the GoodDollarExchangeProvider and
// the Reserve GoodDollar runs on Celo are mento-core contracts, whose bytecode is not on the npm registry, so the
// devnet places these at the addresses of goodprotocol's `releases/deployment.json` (production-celo):
// MentoBroker 0x88de45906D4F5a57315c133620cfa484cB297541, MentoExchangeProvider
// 0x2fFBB49055d487DdBBb0C052Cd7c2a02A7971e41, MentoReserve 0x94A3240f484A04F5e3d524f528d02694c109463b, and the
// DAO's Controller 0x0be7C592374EE0bD0CcBFC76Be758a138BcaEc6E (a DAOstack Controller on mainnet).
//
// The same as mainnet:
// - Broker: `getAmountOut`, `getAmountIn`, `swapIn`, `swapOut` with IBroker's arguments, the event `Swap`, the
//   revert strings "ExchangeProvider does not exist", "amountOutMin not met", "amountInMax exceeded"; the G$ the
//   trader sells is burned and the G$ bought is minted (the broker is a G$ minter), the stable sold goes to the
//   reserve and the stable bought comes out of it.
// - ExchangeProvider: the pool `PoolExchange` (reserveAsset, tokenAddress, tokenSupply, reserveBalance,
//   reserveRatio and exitContribution on a 1e8 scale), `getPoolExchange`, `getExchangeIds`, `currentPrice`,
//   `ExchangeCreated`; amounts by the Bancor formula (buy: `purchaseTargetAmount`, sell: `saleTargetAmount` after
//   the exit contribution is taken from the G$ sold), computed by goodprotocol's own compiled `BancorFormula`
//   (a separate contract the provider calls; reserve weights converted from 1e8 to its parts per million).
//
// What differs from mainnet:
// - No trading limits (`configureTradingLimit` and the L0/L1/LG checks), no expansion controller, no `pause`, no
//   owners or proxies: contracts are placed as runtime code and set up with open `initialize` / `createExchange`
//   calls once (the second call reverts "already initialized"). Revert strings of the exchange provider
//   ("Exchange does not exist", "tokenIn and tokenOut must match exchange", "amount must be positive") follow
//   mento-core as read from its sources, not verified on chain.
// - The Reserve holds the stable and lets only the broker take it out (`transferExchangeCollateralAsset`); it
//   has nothing else of Mento's Reserve (spending ratios, tobin tax, asset allocations).
// - The Controller only answers `avatar()` (what GoodDollar's DAOContract and NameService read); DAOstack's
//   schemes, `genericCall` and reputation are not there.

interface IGoodDollarStandInToken {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function mint(address to, uint256 value) external returns (bool);
    function burn(uint256 value) external;
}

interface IBancorFormulaStandIn {
    function purchaseTargetAmount(uint256 supply, uint256 reserveBalance, uint32 reserveWeight, uint256 amount)
        external
        view
        returns (uint256);
    function saleTargetAmount(uint256 supply, uint256 reserveBalance, uint32 reserveWeight, uint256 amount)
        external
        view
        returns (uint256);
    function fundCost(uint256 supply, uint256 reserveBalance, uint32 reserveRatio, uint256 amount)
        external
        view
        returns (uint256);
}

/// DAOstack's Controller as far as GoodDollar's contracts read it: `avatar()`.
contract GoodDollarControllerStandIn {
    address public avatar;

    function initialize(address avatar_) external {
        require(avatar == address(0), "already initialized");
        avatar = avatar_;
    }
}

/// Mento's Reserve as far as the Broker uses it: it holds the stable and pays the broker's trades out.
contract GoodDollarMentoReserveStandIn {
    address public broker;

    function initialize(address broker_) external {
        require(broker == address(0), "already initialized");
        broker = broker_;
    }

    function isExchangeSpender(address exchange) external view returns (bool) {
        return exchange == broker;
    }

    function transferExchangeCollateralAsset(address collateralAsset, address payable to, uint256 value)
        external
        returns (bool)
    {
        require(msg.sender == broker, "Address not allowed to spend");
        require(IGoodDollarStandInToken(collateralAsset).transfer(to, value), "transfer of collateral asset failed");
        return true;
    }
}

/// GoodDollarExchangeProvider (a BancorExchangeProvider): the G$/stable pool priced by the Bancor formula.
contract GoodDollarExchangeProviderStandIn {
    struct PoolExchange {
        address reserveAsset;
        address tokenAddress;
        uint256 tokenSupply;
        uint256 reserveBalance;
        uint32 reserveRatio;
        uint32 exitContribution;
    }

    uint32 private constant MAX_WEIGHT = 1e8;

    event ExchangeCreated(bytes32 indexed exchangeId, address indexed reserveAsset, address indexed tokenAddress);

    address public broker;
    address public reserve;
    address public formula;
    bytes32[] private exchangeIds;
    mapping(bytes32 => PoolExchange) private exchanges;

    function initialize(address broker_, address reserve_, address formula_) external {
        require(broker == address(0), "already initialized");
        broker = broker_;
        reserve = reserve_;
        formula = formula_;
    }

    /// Open on the devnet (mainnet: onlyOwner). The id is what mainnet's is: keccak256(symbol of reserve asset,
    /// symbol of token) — given here, as the devnet knows mainnet's.
    function createExchange(bytes32 exchangeId, PoolExchange calldata exchange) external returns (bytes32) {
        require(exchanges[exchangeId].tokenAddress == address(0), "exchange already exists");
        require(exchange.reserveRatio > 1 && exchange.reserveRatio <= MAX_WEIGHT, "Invalid reserve ratio");
        exchanges[exchangeId] = exchange;
        exchangeIds.push(exchangeId);
        emit ExchangeCreated(exchangeId, exchange.reserveAsset, exchange.tokenAddress);
        return exchangeId;
    }

    function getPoolExchange(bytes32 exchangeId) public view returns (PoolExchange memory exchange) {
        exchange = exchanges[exchangeId];
        require(exchange.tokenAddress != address(0), "Exchange does not exist");
    }

    function getExchangeIds() external view returns (bytes32[] memory) {
        return exchangeIds;
    }

    /// The price of one G$ in the reserve asset, 18 decimals: reserveBalance / (tokenSupply * reserveRatio).
    function currentPrice(bytes32 exchangeId) external view returns (uint256) {
        PoolExchange memory exchange = getPoolExchange(exchangeId);
        return (exchange.reserveBalance * 1e18 * MAX_WEIGHT) / (exchange.tokenSupply * exchange.reserveRatio);
    }

    function getAmountOut(bytes32 exchangeId, address tokenIn, address tokenOut, uint256 amountIn)
        public
        view
        returns (uint256 amountOut)
    {
        PoolExchange memory exchange = getPoolExchange(exchangeId);
        amountOut = _amountOut(exchange, tokenIn, tokenOut, amountIn);
    }

    function getAmountIn(bytes32 exchangeId, address tokenIn, address tokenOut, uint256 amountOut)
        public
        view
        returns (uint256 amountIn)
    {
        PoolExchange memory exchange = getPoolExchange(exchangeId);
        _checkPair(exchange, tokenIn, tokenOut);
        require(amountOut > 0, "amount must be positive");
        uint32 weight = exchange.reserveRatio / 100;
        if (tokenIn == exchange.reserveAsset) {
            // the stable that mints `amountOut` G$
            amountIn = IBancorFormulaStandIn(formula).fundCost(
                exchange.tokenSupply, exchange.reserveBalance, weight, amountOut
            );
        } else {
            // the G$ that redeems `amountOut` of the stable, before the exit contribution: bounded search over
            // the sale formula (mainnet inverts it in closed form; the result is the same within rounding)
            uint256 low = 1;
            uint256 high = exchange.tokenSupply;
            for (uint256 i = 0; i < 256 && low < high; i++) {
                uint256 mid = (low + high) / 2;
                if (_amountOut(exchange, tokenIn, tokenOut, mid) >= amountOut) high = mid;
                else low = mid + 1;
            }
            amountIn = low;
        }
    }

    function swapIn(bytes32 exchangeId, address tokenIn, address tokenOut, uint256 amountIn)
        external
        returns (uint256 amountOut)
    {
        require(msg.sender == broker, "Caller is not the Broker");
        PoolExchange memory exchange = getPoolExchange(exchangeId);
        amountOut = _amountOut(exchange, tokenIn, tokenOut, amountIn);
        _book(exchangeId, exchange, tokenIn, amountIn, amountOut);
    }

    function swapOut(bytes32 exchangeId, address tokenIn, address tokenOut, uint256 amountOut)
        external
        returns (uint256 amountIn)
    {
        require(msg.sender == broker, "Caller is not the Broker");
        PoolExchange memory exchange = getPoolExchange(exchangeId);
        amountIn = getAmountIn(exchangeId, tokenIn, tokenOut, amountOut);
        _book(exchangeId, exchange, tokenIn, amountIn, amountOut);
    }

    function _checkPair(PoolExchange memory exchange, address tokenIn, address tokenOut) private pure {
        require(
            (tokenIn == exchange.reserveAsset && tokenOut == exchange.tokenAddress)
                || (tokenIn == exchange.tokenAddress && tokenOut == exchange.reserveAsset),
            "tokenIn and tokenOut must match exchange"
        );
    }

    function _amountOut(PoolExchange memory exchange, address tokenIn, address tokenOut, uint256 amountIn)
        private
        view
        returns (uint256)
    {
        _checkPair(exchange, tokenIn, tokenOut);
        require(amountIn > 0, "amount must be positive");
        uint32 weight = exchange.reserveRatio / 100;
        if (tokenIn == exchange.reserveAsset) {
            return IBancorFormulaStandIn(formula).purchaseTargetAmount(
                exchange.tokenSupply, exchange.reserveBalance, weight, amountIn
            );
        }
        uint256 contribution = (amountIn * exchange.exitContribution) / MAX_WEIGHT;
        return IBancorFormulaStandIn(formula).saleTargetAmount(
            exchange.tokenSupply, exchange.reserveBalance, weight, amountIn - contribution
        );
    }

    function _book(bytes32 exchangeId, PoolExchange memory exchange, address tokenIn, uint256 amountIn, uint256 amountOut)
        private
    {
        if (tokenIn == exchange.reserveAsset) {
            exchange.reserveBalance += amountIn;
            exchange.tokenSupply += amountOut;
        } else {
            exchange.reserveBalance -= amountOut;
            exchange.tokenSupply -= amountIn;
        }
        exchanges[exchangeId] = exchange;
    }
}

/// Mento's Broker: quotes and swaps against registered exchange providers.
contract GoodDollarBrokerStandIn {
    event Swap(
        address exchangeProvider,
        bytes32 indexed exchangeId,
        address indexed trader,
        address indexed tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut
    );

    address[] public exchangeProviders;
    mapping(address => bool) public isExchangeProvider;
    mapping(address => address) public exchangeReserve;

    function initialize(address[] calldata providers, address[] calldata reserves) external {
        require(exchangeProviders.length == 0, "already initialized");
        for (uint256 i = 0; i < providers.length; i++) {
            exchangeProviders.push(providers[i]);
            isExchangeProvider[providers[i]] = true;
            exchangeReserve[providers[i]] = reserves[i];
        }
    }

    function getExchangeProviders() external view returns (address[] memory) {
        return exchangeProviders;
    }

    function getAmountOut(
        address exchangeProvider,
        bytes32 exchangeId,
        address tokenIn,
        address tokenOut,
        uint256 amountIn
    ) external view returns (uint256) {
        require(isExchangeProvider[exchangeProvider], "ExchangeProvider does not exist");
        return GoodDollarExchangeProviderStandIn(exchangeProvider).getAmountOut(exchangeId, tokenIn, tokenOut, amountIn);
    }

    function getAmountIn(
        address exchangeProvider,
        bytes32 exchangeId,
        address tokenIn,
        address tokenOut,
        uint256 amountOut
    ) external view returns (uint256) {
        require(isExchangeProvider[exchangeProvider], "ExchangeProvider does not exist");
        return GoodDollarExchangeProviderStandIn(exchangeProvider).getAmountIn(exchangeId, tokenIn, tokenOut, amountOut);
    }

    function swapIn(
        address exchangeProvider,
        bytes32 exchangeId,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOutMin
    ) external returns (uint256 amountOut) {
        require(isExchangeProvider[exchangeProvider], "ExchangeProvider does not exist");
        amountOut = GoodDollarExchangeProviderStandIn(exchangeProvider).swapIn(exchangeId, tokenIn, tokenOut, amountIn);
        require(amountOut >= amountOutMin, "amountOutMin not met");
        _transfer(exchangeProvider, exchangeId, tokenIn, tokenOut, amountIn, amountOut);
        emit Swap(exchangeProvider, exchangeId, msg.sender, tokenIn, tokenOut, amountIn, amountOut);
    }

    function swapOut(
        address exchangeProvider,
        bytes32 exchangeId,
        address tokenIn,
        address tokenOut,
        uint256 amountOut,
        uint256 amountInMax
    ) external returns (uint256 amountIn) {
        require(isExchangeProvider[exchangeProvider], "ExchangeProvider does not exist");
        amountIn = GoodDollarExchangeProviderStandIn(exchangeProvider).swapOut(exchangeId, tokenIn, tokenOut, amountOut);
        require(amountIn <= amountInMax, "amountInMax exceeded");
        _transfer(exchangeProvider, exchangeId, tokenIn, tokenOut, amountIn, amountOut);
        emit Swap(exchangeProvider, exchangeId, msg.sender, tokenIn, tokenOut, amountIn, amountOut);
    }

    function _transfer(
        address exchangeProvider,
        bytes32 exchangeId,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut
    ) private {
        address reserve = exchangeReserve[exchangeProvider];
        address goodDollar = GoodDollarExchangeProviderStandIn(exchangeProvider).getPoolExchange(exchangeId).tokenAddress;
        if (tokenIn == goodDollar) {
            require(IGoodDollarStandInToken(tokenIn).transferFrom(msg.sender, address(this), amountIn), "transfer failed");
            IGoodDollarStandInToken(tokenIn).burn(amountIn);
            GoodDollarMentoReserveStandIn(reserve).transferExchangeCollateralAsset(tokenOut, payable(msg.sender), amountOut);
        } else {
            require(IGoodDollarStandInToken(tokenIn).transferFrom(msg.sender, reserve, amountIn), "transfer failed");
            require(IGoodDollarStandInToken(tokenOut).mint(msg.sender, amountOut), "mint failed");
        }
    }
}
