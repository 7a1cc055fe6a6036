package cart

import "testing"

func TestTotal(t *testing.T) {
	if Total() != 0 {
		t.Fail()
	}
}
