package calls

import (
	"fmt"
	"time"

	"github.com/shopspring/decimal"
	"github.com/tidwall/gjson"
)

// Balance is a wallet's balance as B-2.4 shows it: bkBal and blkAmt; avlBal is
// their difference.
type Balance struct {
	Bk, Blk decimal.Decimal
}

// Avl is avlBal: bkBal minus blkAmt (B-2.4).
func (b Balance) Avl() decimal.Decimal { return b.Bk.Sub(b.Blk) }

func (b Balance) String() string {
	return fmt.Sprintf("bkBal %s, blkAmt %s, avlBal %s", b.Bk.StringFixed(2), b.Blk.StringFixed(2), b.Avl().StringFixed(2))
}

// Equal reports whether both balances book and block the same amounts.
func (b Balance) Equal(o Balance) bool { return b.Bk.Equal(o.Bk) && b.Blk.Equal(o.Blk) }

// BalanceOf reads bkBal, blkAmt and avlBal to the cent and checks B-2.4.
func BalanceOf(j gjson.Result) (Balance, string) {
	var b Balance
	var avl decimal.Decimal
	for _, f := range []struct {
		name string
		into *decimal.Decimal
	}{{"bkBal", &b.Bk}, {"blkAmt", &b.Blk}, {"avlBal", &avl}} {
		v := j.Get(f.name)
		d, err := decimal.NewFromString(v.Raw)
		if v.Type != gjson.Number || err != nil {
			return b, fmt.Sprintf("expected %s as a decimal number, got %s", f.name, RawOrAbsent(v.Raw))
		}
		*f.into = d
	}
	if !avl.Equal(b.Avl()) {
		return b, fmt.Sprintf("avlBal must be bkBal minus blkAmt (B-2.4): bkBal %s, blkAmt %s, avlBal %s", b.Bk.StringFixed(2), b.Blk.StringFixed(2), avl.StringFixed(2))
	}
	return b, ""
}

// SettlePoll is how often a balance still settling (A-1.4, B-3) is read
// again: by the exploration's awaitSettled and the sweeps' read-backs.
const SettlePoll = 100 * time.Millisecond
