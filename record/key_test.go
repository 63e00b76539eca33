package record

import "testing"

func TestKeyOf(t *testing.T) {
	for _, c := range []struct{ key, id, name, want string }{
		{"a.feature/Set", "a.feature:3", "Other", "a.feature/Set"},                      // its own key
		{"", "a.feature:3", "Refund of 40.00 EUR", "a.feature/Refund of 40.00 EUR"},     // a 2.3 report's: file and name
		{"", "explore-7.run:2", "run 2", "explore-7.run:2/run 2"},                       // of no feature file: its ID
		{"", "sweep-7.create-account", "bad input", "sweep-7.create-account/bad input"}, // of no feature file: its ID
	} {
		if got := KeyOf(c.key, c.id, c.name); got != c.want {
			t.Errorf("KeyOf(%q, %q, %q) = %q, want %q", c.key, c.id, c.name, got, c.want)
		}
	}
	for id, want := range map[string]bool{"a.feature:12": true, "a.feature/12": false, "a.feature:0": false, "dir/a.feature:3": false} {
		if IsLineID(id) != want {
			t.Errorf("IsLineID(%q) = %v", id, !want)
		}
	}
	for k, want := range map[string]bool{"a.feature/A name": true, "a.feature:3": false, "a.feature/": false, "create account": false} {
		if IsScenarioKey(k) != want {
			t.Errorf("IsScenarioKey(%q) = %v", k, !want)
		}
	}
}
