@A-7
Feature: Errors (A-7)
  A mandatory field that is missing, a value of the wrong data type and a
  value that does not follow its notation (A-2.0) are answered with
  responseCode 0001 and HTTP 400.

  Rule: A value of the wrong data type is a syntax error

    Scenario Outline: Create Account with <field> as <kind> is rejected
      When the partner creates an account with <field> set to <value>
      Then the call is rejected as a syntax error

      Examples:
        | field                             | kind                     | value    |
        | useDifferentCorrespondenceAddress | a string, not a boolean  | "yes"    |
        | isBusinessUser                    | a string, not a boolean  | "false"  |
        | lastName                          | a number, not a string   | 42       |
        | emailAddress                      | a boolean, not a string  | true     |
        | dob                               | a number, not a date     | 19840812 |

  Rule: A date or time that does not follow D or T is a syntax error

    @A-2.0
    Scenario Outline: Create Account with <field> <value> is rejected
      When the partner creates an account with <field> set to <value>
      Then the call is rejected as a syntax error

      Examples:
        | field     | value        |
        | dob       | "1984-02-30" |
        | dob       | "1984-13-01" |
        | dob       | "12.08.1984" |
        | dob       | "1984-8-12"  |
        | localDate | "2026-00-10" |
        | localTime | "246000"     |
        | localTime | "12:00:00"   |
        | localTime | "1200"       |

    @A-4.4 @A-2.0
    Scenario Outline: Get Account Information with <field> <value> is rejected
      Given the partner has created an account
      When the partner reads the account information with <field> set to <value>
      Then the call is rejected as a syntax error

      Examples:
        | field     | value        |
        | localDate | "2026-02-30" |
        | localTime | "126000"     |

  Rule: A body that is not JSON is a syntax error

    Scenario Outline: <operation> with a body that is not valid JSON is rejected
      Given the partner has created an account
      When the partner <operation> with a body that is not valid JSON
      Then the call is rejected as a syntax error

      Examples:
        | operation                       |
        | requests a token                |
        | creates an account              |
        | updates the account information |
        | closes the account              |
