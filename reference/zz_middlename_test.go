package reference

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestScratchMiddleName(t *testing.T) {
	personalities(t, func(t *testing.T, c *client) {
		accno := c.create(map[string]any{"middleName": "Quirin"}).json.Get("accno").String()
		assert.Equal(t, "Quirin", c.get(accno, nil).json.Get("middleName").String())
		c.update(accno, map[string]any{"middleName": "Q"})
		assert.Equal(t, "Q", c.get(accno, nil).json.Get("middleName").String())
		c.update(accno, nil)
		assert.True(t, c.get(accno, nil).json.Get("middleName").Exists())
		assert.Equal(t, "null", c.get(accno, nil).json.Get("middleName").Raw)
		long := c.create(map[string]any{"middleName": "123456789012345678901234567890123456789012345678901"})
		assert.Equal(t, "0001", long.code())
	})
}
