package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A second KC-Capture of a payment captured in part is what the spec
// leaves open: the model of a concurrent round accepts it refused,
// answered again with nothing moved, or as a capture of more that debits
// exactly its amount and releases it from what is still blocked.
func TestASecondPartialCaptureIsOpen(t *testing.T) {
	cm := conModel{}
	s := conState{bk: 9000, blk: 1000, status: stCaptured, amount: 3000, captured: 1000, blocked: 1000} // 10.00 of 30.00 captured, 10.00 of the rest still blocked
	capture := conInput{kind: conCapture, amount: 500}
	assert.Equal(t, []conState{s}, cm.step(s, capture, conOutput{ok: false}), "refused: nothing moves")
	got := cm.step(s, capture, conOutput{ok: true})
	more := s
	more.bk, more.captured, more.blk, more.blocked = 8500, 1500, 500, 500
	all := more
	all.blk, all.blocked = 0, 0
	assert.ElementsMatch(t, []conState{s, more, all}, got)
	assert.Empty(t, cm.step(s, conInput{kind: conCapture, amount: 2500}, conOutput{ok: true}), "more than the rest is no capture of the rest")
	full := conState{bk: 7000, status: stCaptured, amount: 3000, captured: 3000}
	assert.Empty(t, cm.step(full, conInput{kind: conCapture}, conOutput{ok: true}), "an exact repeat answered again is the profile's to declare (refused by default)")
}
